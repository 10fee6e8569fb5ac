/** The pass rule on hand-worked students. */
import { describe, expect, it } from 'vitest';
import { type ExerciseStatus, type ModuleStanding, moduleVerdict, moduleVerdictText } from './moduleVerdict';

const exercises = (...statuses: ExerciseStatus[]): ModuleStanding['exercises'] => {
  const [ex01, ex02, ex03, ex04, ex05, ex06] = statuses as [
    ExerciseStatus,
    ExerciseStatus,
    ExerciseStatus,
    ExerciseStatus,
    ExerciseStatus,
    ExerciseStatus,
  ];
  return { ex01, ex02, ex03, ex04, ex05, ex06 };
};
const verdict = (standing: ModuleStanding) => moduleVerdictText(moduleVerdict(standing));

describe('moduleVerdict', () => {
  it('passes with five exercises, quiz 8 and the lab passed', () => {
    const standing = {
      exercises: exercises('pass', 'pass', 'pass', 'pass', 'pass', 'fail'),
      quiz: 8,
      lab: 'pass',
    } as const;
    expect(verdict(standing)).toBe('passes');
  });

  it('fails with four exercises passed and nothing left to mark', () => {
    const standing = {
      exercises: exercises('pass', 'pass', 'pass', 'pass', 'fail', 'missing'),
      quiz: 10,
      lab: 'pass',
    } as const;
    expect(verdict(standing)).toBe('fails: 4 of 6 exercises pass (5 needed)');
  });

  it('is open while marks still to come could decide it', () => {
    const standing = {
      exercises: exercises('to mark', 'pass', 'pass', 'pass', 'to mark', 'fail'),
      quiz: 9,
      lab: 'pass',
    } as const;
    expect(verdict(standing)).toBe('open: EX01, EX05 to mark');
  });

  it('fails even with marks to come when they cannot reach five', () => {
    const standing = {
      exercises: exercises('to mark', 'pass', 'pass', 'fail', 'missing', 'invalid'),
      quiz: 9,
      lab: 'pass',
    } as const;
    expect(verdict(standing)).toBe('fails: at most 3 of 6 exercises pass (5 needed)');
  });

  it('does not wait for marks that cannot change a pass of five', () => {
    const standing = {
      exercises: exercises('pass', 'pass', 'pass', 'pass', 'pass', 'to mark'),
      quiz: 8,
      lab: 'pass',
    } as const;
    expect(verdict(standing)).toBe('passes');
  });

  it('fails on a quiz under 8, a missing or failed lab, and is open without a quiz', () => {
    const five = exercises('pass', 'pass', 'pass', 'pass', 'pass', 'pass');
    expect(verdict({ exercises: five, quiz: 7, lab: 'missing' })).toBe('fails: quiz 7/10 (8 needed); LAB1 missing');
    expect(verdict({ exercises: five, quiz: 9, lab: 'fail' })).toBe('fails: LAB1 failed');
    expect(verdict({ exercises: five, quiz: null, lab: 'pass' })).toBe('open: quiz not given');
    expect(verdict({ exercises: five, quiz: 8, lab: 'pass' })).toBe('passes');
  });
});
