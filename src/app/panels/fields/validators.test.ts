import { describe, expect, it } from 'vitest';
import { durationProblem, textLengthProblem, timeBeforeProblem, timeProblem, wholeNumberProblem } from './validators';

describe('panel field checks', () => {
  it('accepts durations by the sign rule of their field', () => {
    expect(durationProblem('90s', 'positive')).toBeNull();
    expect(durationProblem('PT5M', 'positive')).toBeNull();
    expect(durationProblem('0s', 'positive')).toEqual({ kind: 'notPositive' });
    expect(durationProblem('0s', 'nonNegative')).toBeNull();
    expect(durationProblem('-2s', 'nonNegative')).toEqual({ kind: 'negative' });
    expect(durationProblem('-2s', 'signed')).toBeNull();
    expect(durationProblem('', 'signed')).toEqual({ kind: 'required' });
  });

  it("passes the model's own sentence and its data through for text that is not a duration", () => {
    expect(durationProblem('5x', 'signed')).toEqual({
      kind: 'parse',
      message: '"5x" is not a duration; write e.g. "60s"',
      detail: { code: 'notDuration', values: { found: '"5x"' } },
    });
  });

  it('checks times of night, and ends after starts', () => {
    expect(timeProblem('02:01:30')).toBeNull();
    expect(timeProblem('2:01')).toMatchObject({ kind: 'parse' });
    expect(timeProblem('02:00:00', '02:00:00')).toEqual({ kind: 'notAfter', start: '02:00:00' });
    expect(timeProblem('02:00:01', '02:00:00')).toBeNull();
    expect(timeBeforeProblem('02:10:00', '02:10:00')).toEqual({ kind: 'notBefore', end: '02:10:00' });
    expect(timeBeforeProblem('02:09:59', '02:10:00')).toBeNull();
  });

  it('checks whole numbers and text length', () => {
    expect(wholeNumberProblem('6', 0, 10)).toBeNull();
    expect(wholeNumberProblem('6.5', 0, 10)).toEqual({ kind: 'notWhole' });
    expect(wholeNumberProblem('-1', 0, 10)).toEqual({ kind: 'outOfRange', min: 0, max: 10 });
    expect(wholeNumberProblem('99999999999999999999', 0, Number.MAX_SAFE_INTEGER)).toMatchObject({
      kind: 'outOfRange',
    });
    expect(textLengthProblem('abc', 3)).toBeNull();
    expect(textLengthProblem('abcd', 3)).toEqual({ kind: 'tooLong', max: 3 });
  });
});
