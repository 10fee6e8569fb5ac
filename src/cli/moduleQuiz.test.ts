/** The instructor's quiz file: header, quoted names, bad rows named by line. */
import { describe, expect, it } from 'vitest';
import { parseQuizCsv, quizKey } from './moduleQuiz';

describe('parseQuizCsv', () => {
  it('reads scores by name, skipping a header, with quoted names', () => {
    const { scores, problems } = parseQuizCsv('student,score\r\nAlice Martin,9\n"Stone, Bob",7\n');
    expect(problems).toEqual([]);
    expect(scores.get(quizKey('alice  martin'))).toBe(9);
    expect(scores.get(quizKey('Stone, Bob'))).toBe(7);
  });

  it('names the rows it cannot read', () => {
    const { scores, problems } = parseQuizCsv('Alice,11\nBob,eight\n,5\nCarol,8\nCarol,2');
    expect([...scores]).toEqual([['carol', 8]]);
    expect(problems).toEqual([
      'line 1: the score 11 is above 10',
      'line 2: the score "eight" is not a whole number',
      'line 3: no student name',
      'line 5: Carol is given a second time; the first is kept',
    ]);
  });
});
