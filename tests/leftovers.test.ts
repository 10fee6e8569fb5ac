/**
 * The last check of `npm test` (scripts/leftovers.mjs): a file left in the run's temporary
 * folder or a process still running from it fails the run; an empty folder passes, and the
 * folder is removed either way.
 */
import { spawn } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The folder stands for the checkout too, so another checkout's browser suite running on the
// same machine is not taken for this one's.
import { createRunTmp, leftoversCheck, processesLeftFrom } from '../scripts/leftovers.mjs';

describe("npm test's leftovers check", () => {
  it('passes on an empty folder, which the postgres user may traverse, and removes it', () => {
    const folder = createRunTmp();
    expect(statSync(folder).mode & 0o777).toBe(0o755);
    expect(leftoversCheck(folder, folder)).toEqual({ passed: 1, failed: 0 });
    expect(existsSync(folder)).toBe(false);
  });

  it('fails on a file left in the folder, naming it, and still removes the folder', () => {
    const folder = createRunTmp();
    writeFileSync(`${folder}/pg-password-123`, 'secret');
    const outcome = leftoversCheck(folder, folder);
    expect(outcome.failed).toBe(1);
    expect(outcome.note).toBe('1 file(s) and 0 process(es) left behind');
    expect(existsSync(folder)).toBe(false);
  });

  it('finds a process still running from the folder', () => {
    const folder = createRunTmp();
    const child = spawn('sh', ['-c', `sleep 30 # ${folder}`], { stdio: 'ignore' });
    try {
      // spawn() returns once the child has exec'd: its command line is already the shell's.
      expect(processesLeftFrom(folder, folder).some((line) => line.startsWith(`${child.pid} `))).toBe(true);
      expect(leftoversCheck(folder, folder).failed).toBe(1);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
