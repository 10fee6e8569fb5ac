/** `leaseline grade module` spawned on the fixtures' class (EX04 on a real PostgreSQL, started once). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, temporaryFolder } from './spawnLeaseline.testing';

const CLASS = 'tests/grading/module-class';

describe('leaseline grade module', () => {
  it('prints one CSV row per student, the copy flagged and the quiz from the instructor file', {
    timeout: SPAWN_TIMEOUT_MS,
  }, () => {
    const quiz = join(temporaryFolder('quiz-'), 'quiz.csv');
    writeFileSync(quiz, 'student,score\nAlice Martin,9\nbob stone,6\n');
    const run = leaseline('grade', 'module', CLASS, '--csv', '--quiz', quiz);
    expect(run.status).toBe(2); // broken/ holds an invalid EX05
    expect(run.stdout.split('\n')).toEqual([
      'student,name,ex01,ex02,ex03,ex04,ex05,ex06,lab1,quiz,verdict,flags,notes',
      "alice,Alice Martin,to mark,to mark,missing,pass,pass,to mark,missing,9,fails: LAB1 missing,EX01 identical to dave's,",
      'bob,Bob Stone,to mark,missing,missing,fail (3/5),fail (2/4),missing,missing,6,fails: at most 1 of 6 exercises pass (5 needed); quiz 6/10 (8 needed); LAB1 missing,,',
      'broken,broken,missing,missing,missing,missing,invalid,missing,missing,not in file,fails: 0 of 6 exercises pass (5 needed); LAB1 missing,,',
      `carol,"'=HYPERLINK(""http://x"")",missing,to mark,missing,fail (0/5),missing,missing,missing,not in file,fails: at most 1 of 6 exercises pass (5 needed); LAB1 missing,,`,
      "dave,Dave Copy,to mark,missing,missing,pass,missing,missing,missing,not in file,fails: at most 2 of 6 exercises pass (5 needed); LAB1 missing,EX01 identical to alice's,",
      'erin,Erin Hack,missing,missing,missing,fail (0/5),missing,missing,missing,not in file,fails: 0 of 6 exercises pass (5 needed); LAB1 missing,,',
      '',
    ]);
  });

  it('prints a page with every student text escaped', { timeout: SPAWN_TIMEOUT_MS }, () => {
    const run = leaseline('grade', 'module', CLASS, '--html');
    expect(run.stdout).toContain('@page{size:A4');
    expect(run.stdout).toContain('=1+1 &#60;b&#62;bold&#60;/b&#62;');
    expect(run.stdout).not.toContain('<b>bold</b>');
    expect(run.stdout).toContain('not graded automatically: run leaseline lab --worker');
    expect(run.stdout).toContain('EX01: alice and dave handed in the same answer');
  });

  it('groups loose files by the name in them and leaves LAB1 to run by hand', { timeout: SPAWN_TIMEOUT_MS }, () => {
    const folder = temporaryFolder('class-');
    const handIn = (exercise: string, student: string, answer: object) =>
      writeFileSync(
        join(folder, `${exercise}-${student.toLowerCase().replace(/ /g, '-')}-2026-12-05.json`),
        JSON.stringify({ format: 'leaseline/hand-in', version: 1, exercise, student, date: '2026-12-05', answer }),
      );
    handIn('ex01', 'Ann Lee', { text: 'One runner with a lock and fencing.' });
    handIn('ex02', 'Ann Lee', { text: 'A lease, renewed.' });
    handIn('lab1', 'Ann Lee', { folder: 'worker', command: 'node worker.js' });
    handIn('ex01', 'Ben Ode', { text: 'All jobs need a lock.' });
    const run = leaseline('grade', 'module', folder, '--csv');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'student,name,ex01,ex02,ex03,ex04,ex05,ex06,lab1,quiz,verdict,flags,notes',
      'Ann Lee,Ann Lee,to mark,to mark,missing,missing,missing,missing,not graded,not given,fails: at most 2 of 6 exercises pass (5 needed),,',
      'Ben Ode,Ben Ode,to mark,missing,missing,missing,missing,missing,missing,not given,fails: at most 1 of 6 exercises pass (5 needed); LAB1 missing,,',
      '',
    ]);
  });
});
