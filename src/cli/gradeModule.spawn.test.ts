/** `leaseline grade module` spawned on the fixtures' class (EX04 on a real PostgreSQL, started once). */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, temporaryFolder } from './spawnLeaseline.testing';

const CLASS = 'tests/grading/module-class';
/** The lab runs one worker for real (about 10 s) on top of EX04's database. */
const LAB_CLASS_TIMEOUT_MS = 120_000;

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
    expect(run.stdout).toContain(
      'LAB1 is the lab&#39;s acceptance test run on each student&#39;s worker (leaseline grade lab)',
    );
    expect(run.stdout).toContain('EX01: alice and dave handed in the same answer');
  });

  it('groups loose files by the name in them, grades LAB1 by running the worker and takes the marks: a student passes', {
    timeout: LAB_CLASS_TIMEOUT_MS,
  }, () => {
    const folder = temporaryFolder('class-');
    const handIn = (exercise: string, student: string, answer: object) =>
      writeFileSync(
        join(folder, `${exercise}-${student.toLowerCase().replace(/ /g, '-')}-2026-12-05.json`),
        JSON.stringify({ format: 'leaseline/hand-in', version: 1, exercise, student, date: '2026-12-05', answer }),
      );
    handIn('ex01', 'Ann Lee', { text: 'One runner with a lock and fencing.' });
    handIn('ex02', 'Ann Lee', { text: 'A lease, renewed.' });
    handIn('lab1', 'Ann Lee', { folder: 'ann-worker', command: 'node lab-worker.mjs' });
    // Her worker lies beside the loose hand-ins: a folder of the worker's, not a student's.
    mkdirSync(join(folder, 'ann-worker'));
    copyFileSync('examples/lab-worker.mjs', join(folder, 'ann-worker', 'lab-worker.mjs'));
    writeFileSync(join(folder, 'ann-worker', 'package.json'), '{"type": "module"}');
    handIn('ex04', 'Ann Lee', {
      sql: 'UPDATE state SET result = $3, last_token = $1 WHERE id = $2 AND last_token <= $1',
    });
    handIn('ex05', 'Ann Lee', { lockAtMostFor: '30m', lockAtLeastFor: '1m', text: 'Above the worst case; skew.' });
    handIn('ex06', 'Ann Lee', { text: 'SET NX alone is not exactly-once.' });
    handIn('ex01', 'Ben Ode', { text: 'All jobs need a lock.' });
    const quiz = join(temporaryFolder('quiz-'), 'quiz.csv');
    writeFileSync(quiz, 'Ann Lee,9\n');
    const marks = join(temporaryFolder('marks-'), 'marks.csv');
    writeFileSync(marks, 'student,ex01,ex02,ex06\nann lee,pass,pass,pass\nBen Ode,fail,,\n');
    const args = ['grade', 'module', folder, '--csv', '--quiz', quiz, '--marks', marks];
    const run = spawnSync('npx', ['tsx', 'src/cli/main.ts', ...args], {
      encoding: 'utf8',
      timeout: LAB_CLASS_TIMEOUT_MS,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'student,name,ex01,ex02,ex03,ex04,ex05,ex06,lab1,quiz,verdict,flags,notes',
      'Ann Lee,Ann Lee,pass,pass,missing,pass,pass,pass,pass,9,passes,,"LAB1: no order applied twice, no stale token accepted; the acceptance test happened, every step observed"',
      'Ben Ode,Ben Ode,fail,missing,missing,missing,missing,missing,missing,not in file,fails: 0 of 6 exercises pass (5 needed); LAB1 missing,,',
      '',
    ]);
  });
});
