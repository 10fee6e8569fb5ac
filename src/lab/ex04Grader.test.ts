/**
 * EX04 on the real embedded PostgreSQL: the seed's answer passes every case, the usual wrong
 * answers fail the case that shows why, and hostile statements change nothing of the grader's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ex04Grade, type Ex04Grader, openEx04Grader } from './ex04Grader';

let grader: Ex04Grader;
beforeAll(async () => {
  grader = await openEx04Grader();
}, 60_000);
afterAll(async () => {
  await grader?.close();
});

const verdicts = (grade: Ex04Grade) => Object.fromEntries(grade.cases.map((result) => [result.id, result.passed]));

describe('EX04 on PostgreSQL', () => {
  it("passes the seed's answer, with $n in any order or the seed's named placeholders", async () => {
    for (const sql of [
      'UPDATE state SET last_token = $1, result = $3 WHERE id = $2 AND last_token <= $1',
      'UPDATE state SET result = $1, last_token = $3 WHERE last_token <= $3 AND id = $2',
      'update state set last_token = :t where id = :id and last_token <= :t;',
    ]) {
      const grade = await grader.grade(sql);
      expect(grade.cases.filter((result) => !result.passed)).toEqual([]);
      expect(grade.passed).toBe(true);
    }
    const grade = await grader.grade(
      'UPDATE state SET result = $1, last_token = $3 WHERE last_token <= $3 AND id = $2',
    );
    expect(grade.mapping).toBe('$1 the result, $2 the id, $3 the token');
  }, 60_000);

  it("judges a statement that sets the job's result under a column name of its own on its fencing", async () => {
    // The seed's `...`: the payload column is the student's to name; a missing one is added.
    const fenced = await grader.grade(
      'UPDATE state SET last_token = $1, total = $2, note = $2 WHERE id = $3 AND last_token <= $1',
    );
    expect(fenced.cases.filter((result) => !result.passed)).toEqual([]);
    const unfenced = await grader.grade('UPDATE state SET last_token = $1, total = $2 WHERE id = $3');
    expect(verdicts(unfenced)).toMatchObject({ higher: true, lower: false, staleKeepsRow: false });
    // A table that is not EX04's stays an error, in PostgreSQL's words.
    const otherTable = await grader.grade('UPDATE payouts SET last_token = $1 WHERE id = $2 AND last_token <= $1');
    expect(otherTable.passed).toBe(false);
    expect(otherTable.cases.map((result) => result.sentence).join(' ')).toMatch(/relation "payouts" does not exist/);
  }, 60_000);

  it('fails the equal token under <, and every stale case without the fence', async () => {
    const strict = await grader.grade('UPDATE state SET last_token = $1 WHERE id = $2 AND last_token < $1');
    expect(verdicts(strict)).toEqual({
      higher: true,
      equal: false,
      lower: true,
      staleKeepsRow: true,
      parameterised: true,
    });
    expect(strict.cases[1]?.sentence).toBe(
      'an equal token (7 over 7) applies: 0 rows, last_token is 7; token 7 must apply and be stored',
    );
    const unfenced = await grader.grade('UPDATE state SET last_token = $1, result = $3 WHERE id = $2');
    expect(verdicts(unfenced)).toEqual({
      higher: true,
      equal: true,
      lower: false,
      staleKeepsRow: false,
      parameterised: true,
    });
    expect(unfenced.cases[2]?.sentence).toBe(
      'a lower token (6 under 7) changes nothing: 1 row; a stale token must change nothing and report 0 rows',
    );
  }, 60_000);

  it('fails values typed in, and a statement that touches every row', async () => {
    const typed = await grader.grade('UPDATE state SET last_token = 8 WHERE id = 1 AND last_token <= 8');
    expect(verdicts(typed).parameterised).toBe(false);
    expect(typed.cases[4]?.sentence).toBe(
      'the statement is parameterised: neither the token nor the id is a placeholder ($1...)',
    );
    const everyRow = await grader.grade('UPDATE state SET last_token = $1 WHERE last_token <= $1');
    expect(everyRow.cases[0]?.sentence).toContain('it changed row 2');
  }, 60_000);

  it("names SQL that does not parse with PostgreSQL's own message", async () => {
    const grade = await grader.grade('UPDATE state SET last_token = $1 WHERE id = $2 AND AND last_token <= $1');
    expect(grade.parseError).toMatch(/^syntax error at or near/);
    expect(
      grade.cases.every(
        (result) => !result.passed && result.sentence.startsWith('the SQL does not parse: syntax error'),
      ),
    ).toBe(true);
  }, 60_000);

  it('runs hostile statements as nobody, one command at a time, under a timeout', async () => {
    const twoCommands = await grader.grade(
      'UPDATE state SET last_token = $1 WHERE id = $2 AND last_token <= $1; DROP TABLE state',
    );
    expect(twoCommands.cases[0]?.sentence).toContain('cannot insert multiple commands into a prepared statement');
    const commit = await grader.grade('COMMIT');
    expect(commit.cases[0]?.sentence).toBe('it is not an UPDATE statement (it starts with COMMIT)');
    const slow = await grader.grade(
      'UPDATE state SET last_token = $1 + 0 * (SELECT 1 FROM pg_sleep(30)) WHERE id = $2 AND last_token <= $1',
    );
    expect(slow.cases[0]?.sentence).toContain('ran past the statement timeout');
    const superuser = await grader.grade(
      "UPDATE state SET result = pg_read_file('/etc/passwd'), last_token = $1 WHERE id = $2 AND last_token <= $1",
    );
    expect(superuser.cases[0]?.sentence).toContain('permission denied');
    // The next hand-in still finds the table as it was: nothing above survived.
    expect((await grader.grade('UPDATE state SET last_token = $1 WHERE id = $2 AND last_token <= $1')).passed).toBe(
      true,
    );
  }, 60_000);
});
