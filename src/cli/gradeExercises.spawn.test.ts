/** `leaseline grade ex04` and `grade ex05` spawned as a user runs them, on the fixtures' class (EX04 on a real PostgreSQL). */
import { describe, expect, it } from 'vitest';
import { leaseline } from './spawnLeaseline.testing';

const CLASS = 'tests/grading/module-class';

describe('leaseline grade ex04', () => {
  it("grades each EX04 hand-in in the folders and passes over the other exercises'", () => {
    const run = leaseline('grade', 'ex04', CLASS);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("leaseline: 9 other exercises' hand-ins in the folders were passed over\n");
    const verdicts = run.stdout.split('\n').filter((line) => line.startsWith(CLASS));
    expect(verdicts).toEqual([
      `${CLASS}/alice/ex04-alice-martin-2026-12-05.json: pass`,
      `${CLASS}/bob/ex04-bob-stone-2026-12-05.json: fail (3/5)`,
      `${CLASS}/carol/ex04-carol-2026-12-05.json: fail (0/5)`,
      `${CLASS}/dave/ex04-dave-copy-2026-12-05.json: pass`,
      `${CLASS}/erin/ex04-erin-hack-2026-12-05.json: fail (0/5)`,
    ]);
    expect(run.stdout).toContain('[ ]  higher         the SQL does not parse: syntax error at or near "AND"');
    expect(run.stdout).toContain('\n5 files: 2 pass, 3 fail, 0 invalid\n');
  });

  it('refuses another exercise named on the command line, and prints a CSV with --csv', () => {
    const run = leaseline(
      'grade',
      'ex04',
      '--csv',
      `${CLASS}/bob/ex04-bob-stone-2026-12-05.json`,
      `${CLASS}/bob/ex05-bob-stone-2026-12-05.json`,
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe(
      'file,name,date,higher,equal,lower,staleKeepsRow,parameterised,verdict,error,sql\n' +
        `${CLASS}/bob/ex04-bob-stone-2026-12-05.json,Bob Stone,2026-12-05,yes,yes,no,no,yes,fail (3/5),,UPDATE state SET last_token = $1 WHERE id = $2\n` +
        `${CLASS}/bob/ex05-bob-stone-2026-12-05.json,,,,,,,,invalid,"exercise: this is an EX05 hand-in, not EX04",\n`,
    );
  });
});

describe('leaseline grade ex05', () => {
  it('judges each EX05 hand-in on the simulated nights, and names a broken file', () => {
    const run = leaseline('grade', 'ex05', CLASS);
    expect(run.status).toBe(2);
    const verdicts = run.stdout.split('\n').filter((line) => line.startsWith(CLASS));
    expect(verdicts).toEqual([
      `${CLASS}/alice/ex05-alice-martin-2026-12-05.json: pass`,
      `${CLASS}/bob/ex05-bob-stone-2026-12-05.json: fail (2/4)`,
      `${CLASS}/broken/ex05-frank-2026-12-05.json: invalid: not valid JSON: line 1, column 193: expected "," or "}" after a property value, found the end of the file`,
    ]);
    expect(run.stdout).toContain(
      "  [ ]  skew       on a 35-second night with C's clock 45 s behind, lockAtLeastFor 0s has let the lock go when C's cron fires at 02:00:45: C runs the job a second time\n",
    );
    expect(run.stderr).toContain(`${CLASS}/broken/ex05-frank-2026-12-05.json: not valid JSON`);
  });
});
