/** The instructor's marks file: columns by header, pass/fail/empty, problems by line. */
import { describe, expect, it } from 'vitest';
import { parseMarksCsv } from './moduleMarks';

describe('parseMarksCsv', () => {
  it('reads the marks by the header, names case and spacing aside', () => {
    const { marks, problems } = parseMarksCsv(
      '\uFEFFex06,Student,EX01\r\npass, Alice  Martin ,fail\nfail,Bob Stone,\n',
    );
    expect(problems).toEqual([]);
    expect([...(marks.get('alice martin') ?? [])]).toEqual([
      ['ex01', 'fail'],
      ['ex06', 'pass'],
    ]);
    expect([...(marks.get('bob stone') ?? [])]).toEqual([['ex06', 'fail']]);
  });

  it('says what it cannot read, line by line, and keeps the first of a repeated name', () => {
    const { marks, problems } = parseMarksCsv('student,ex01,ex03\nAnn,maybe,pass\n,pass\nann,fail\n');
    expect(problems).toEqual([
      'line 1: the column "ex03" is not one of student, ex01, ex02, ex06; it is left out',
      'line 2: ex01 is "maybe"; a mark is pass, fail or empty',
      'line 3: no student name',
      'line 4: ann is given a second time; the first is kept',
    ]);
    expect(marks.get('ann')?.size).toBe(0);
  });

  it('needs a header naming the student column', () => {
    expect(parseMarksCsv('Ann,pass\n').problems).toEqual([
      'line 1: the first row must name the columns: student, then ex01, ex02, ex06',
    ]);
  });
});
