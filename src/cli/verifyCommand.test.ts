/**
 * `leaseline verify` through the command line (runCli, the real engine, fake files): exit
 * statuses, the `--json` object of docs/verify.md, `--out`, the words, and every wrong option
 * answered with exit 2 and its reason. Small bounds: a few hundred nights per run.
 */
import { describe, expect, it } from 'vitest';
import { findPreset } from '../presets/catalogue';
import { VERIFY_BOUNDS_DEFAULT } from '../verify/verifyBounds';
import { harness } from './cliHarness.testing';
import { simulatorEngine } from './simulatorEngine';
import { safeText } from './verifyText';

const presetText = (id: string) => JSON.stringify(findPreset(id)?.document);
const FILES = { 'on.json': presetText('s07-fencing-on'), 'off.json': presetText('s07-fencing-off') };
const SMALL = ['--fresh', '--grid', '2m', '--durations', '5m'];

/** A clock that reads 1,000 ms, then 5,200 ms: a verify that took 4.2 s. */
function steppingClock(): () => number {
  const readings = [1000, 5200];
  return () => readings.shift() ?? 5200;
}

describe('verify', () => {
  it('exits 0 on the fenced flagship and says what every night was, how many, and what none does', () => {
    const { out, run } = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(run('verify', 'on.json', ...SMALL, '--max-faults', '1')).toBe(0);
    // 3 replicas x 6 instants: 18 pauses and 36 crashes (never restarting, or after 5m); plus the empty night.
    // 19 simulations: the empty night and the 18 faults at 02:00 and 02:02; by 02:04 A has applied every
    // order and released the lock, so no later fault can make a write (a settled night: writesNoMore.ts).
    expect(out.stdout).toBe(
      'Safe within these bounds: every night with up to 1 fault (pauses and crashes of 5m, starting\n' +
        'on a 2-minute grid) — 55 nights — applies nothing twice and accepts no stale token. 19\n' +
        'simulations, 4.2 s.\n',
    );
    expect(out.stderr).toBe('');
  });

  it('shows how far it is on a terminal status line, and clears it before the answer (one thread and two)', () => {
    for (const workers of ['1', '2']) {
      const events: string[] = [];
      const statusLine = {
        show: (text: string) => events.push(`show ${text}`),
        clear: () => events.push('clear'),
      };
      let nowMs = 0;
      const clockMs = () => {
        nowMs += 300;
        return nowMs;
      };
      const { out, run } = harness(FILES, simulatorEngine, { clockMs, statusLine, cores: 2 });
      expect(run('verify', 'on.json', '--fresh', '--grid', '1m', '--durations', '5m', '--workers', workers)).toBe(0);
      const shown = events.filter((event) => event.startsWith('show '));
      expect(shown.length, `workers ${workers}`).toBeGreaterThan(0);
      expect(shown.at(-1)).toMatch(/^show verify: ([\d,]+) of \1 nights checked \(100%\)$/);
      const checked = shown.map((event) => Number((event.match(/verify: ([\d,]+) of/)?.[1] ?? '').replaceAll(',', '')));
      expect(checked).toEqual([...checked].sort((a, b) => a - b));
      // One thread tells every 1,000 nights: lines before the last. Threads tell as the main
      // thread wakes, which depends on the machine's speed, so only the last line is certain.
      if (workers === '1') expect(checked.filter((count) => count < (checked.at(-1) ?? 0)).length).toBeGreaterThan(2);
      expect(events.at(-1)).toBe('clear');
      expect(out.stderr).toBe('');
      expect(out.stdout).toMatch(/^Safe within these bounds/);
    }
  }, 120_000);

  it("prints docs/verify.md's object with --json and exits 1 on the unfenced flagship", () => {
    const { out, run } = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(run('verify', 'off.json', ...SMALL, '--json')).toBe(1);
    const answer = JSON.parse(out.stdout);
    expect(Object.keys(answer)).toEqual([
      'verdict',
      'bounds',
      'alphabetSize',
      'nightsCovered',
      'nightsByFaultCount',
      'failingNights',
      'failingByFaultCount',
      'exhaustive',
      'simulations',
      'elapsedMs',
      'scenario',
      'report',
      'warnings',
    ]);
    expect(answer.verdict).toBe('unsafe');
    expect(answer.bounds).toEqual({
      faults: ['pause', 'crash'],
      maxFaults: 2,
      grid: '2m',
      durations: ['5m'],
      invariants: ['I3', 'I4'],
      fresh: true,
    });
    expect(answer.alphabetSize).toBe(54);
    // A failing night with one fault: the nights with two were not needed to be sure of it.
    expect(answer.exhaustive).toBe(false);
    expect(answer.nightsByFaultCount).toEqual([1, 54]);
    expect(answer.nightsCovered).toBe(55);
    expect(answer.failingNights).toBe(answer.failingByFaultCount[1]);
    expect(answer.failingByFaultCount[0]).toBe(0);
    expect(answer.elapsedMs).toBe(4200);
    expect(answer.scenario.events).toEqual([
      { id: 'found1', type: 'pause', replica: 'A', at: '02:02:00', for: '5m', label: 'found by verify' },
    ]);
    expect(answer.report.safe).toBe(false);
    expect(answer.report.file).toBe('smallest failing night');
  });

  it('checks every count with --count, and prints the same bytes for any number of workers', () => {
    const first = harness(FILES, simulatorEngine, { cores: 2 });
    expect(first.run('verify', 'off.json', ...SMALL, '--count', '--json', '--workers', '1')).toBe(1);
    const second = harness(FILES, simulatorEngine, { cores: 2 });
    expect(second.run('verify', 'off.json', ...SMALL, '--count', '--json', '--workers', '2')).toBe(1);
    expect(second.out.stdout).toBe(first.out.stdout);
    const answer = JSON.parse(first.out.stdout);
    expect(answer.exhaustive).toBe(true);
    expect(answer.nightsByFaultCount).toHaveLength(3);
    expect(answer.failingByFaultCount[2]).toBeGreaterThan(0);
    expect(answer.nightsCovered).toBe(answer.nightsByFaultCount.reduce((sum: number, n: number) => sum + n, 0));
  });

  it('says in a sentence when the file\'s own night breaks before any fault, not "1 of the 1 night with up to 0 faults"', () => {
    const { out, run } = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(run('verify', 'off.json', '--grid', '2m', '--durations', '5m')).toBe(1);
    expect(out.stdout.split('\n').slice(0, 3)).toEqual([
      'Unsafe within these bounds: off.json already breaks in its own night. No night with faults was',
      'checked (--count checks every night up to 2 faults). 1 simulation, 4.2 s.',
      '  breaks: an item applied more than once (I3), a stale token accepted (I4)',
    ]);
    // A design that breaks with no event at all: no events to keep or to leave out.
    const bare = harness({ 'none.json': presetText('s01-no-lock') }, simulatorEngine, { clockMs: steppingClock() });
    expect(bare.run('verify', 'none.json', '--grid', '2m', '--durations', '5m')).toBe(1);
    expect(bare.out.stdout).toMatch(
      /^Unsafe within these bounds: none\.json already breaks in its night without faults\. No/,
    );
    const withEvent = JSON.stringify({
      ...(findPreset('s01-no-lock')?.document as object),
      events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '1m' }],
    });
    const left = harness({ 'one.json': withEvent }, simulatorEngine, { clockMs: steppingClock() });
    expect(left.run('verify', 'one.json', '--fresh', '--grid', '2m', '--durations', '5m')).toBe(1);
    expect(left.out.stdout).toMatch(
      /^Unsafe within these bounds: one\.json already breaks in its night without faults \(its own\nevents left out\)\./,
    );
    const fresh = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(fresh.run('verify', 'off.json', '--fresh', '--grid', '2m', '--durations', '5m', '--faults', 'pause')).toBe(
      1,
    );
    expect(fresh.out.stdout).not.toMatch(/already breaks/);
  });

  it('says in a sentence when no fault is allowed and the one night holds', () => {
    const { out, run } = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(run('verify', 'on.json', '--max-faults', '0')).toBe(0);
    expect(out.stdout).toBe(
      "Safe within these bounds: with no fault allowed, the one night is the file's own night, and it\n" +
        'applies nothing twice and accepts no stale token. 1 simulation, 4.2 s.\n',
    );
    const fresh = harness(FILES, simulatorEngine, { clockMs: steppingClock() });
    expect(fresh.run('verify', 'on.json', '--max-faults', '0', '--fresh')).toBe(0);
    expect(fresh.out.stdout.replaceAll('\n', ' ')).toBe(
      "Safe within these bounds: with no fault allowed, the one night is the file's night without faults (the file's own events left out), and it applies nothing twice and accepts no stale token. 1 simulation, 4.2 s. ",
    );
  });

  it('writes the smallest failing night with --out, a file check finds unsafe', () => {
    const { out, written, run } = harness(FILES, simulatorEngine, { writable: true });
    expect(run('verify', 'off.json', ...SMALL, '--max-faults', '1', '--out', 'found.json')).toBe(1);
    expect(out.stdout).toContain('The smallest failing night is written to found.json.');
    expect(out.stdout).toMatch(/^Unsafe within these bounds: \d+ of the 55 nights with up to 1 fault/);
    const text = written['found.json'];
    expect(text).toBeDefined();
    const check = harness({ 'found.json': text as string }, simulatorEngine);
    expect(check.run('check', 'found.json')).toBe(1);
  });

  it.each([
    [['--max-faults', '5'], '--max-faults takes a whole number of faults from 0 to 4, not "5"'],
    [['--grid', '10ms'], '--grid takes a duration of at least 1s (e.g. "10s"), not "10ms"'],
    [
      ['--durations', '1m,soon'],
      '--durations takes durations from 1ms to 48h separated by commas (e.g. "10s,1m,5m"); "soon" is not one',
    ],
    [['--durations', '1m,60s'], '--durations lists 1m twice'],
    [['--workers', '3'], '--workers takes a whole number from 1 to 2 (this machine\'s cores), not "3"'],
    [
      ['--faults', 'pause,meteor'],
      '--faults knows no fault "meteor"; the faults are pause, pauseBeforeWrite, crash, clockJump, delayWrite, partition, starveRenewer, redisFailover, killSession, expireLock',
    ],
    [
      ['--invariants', 'I7'],
      '--invariants knows no invariant "I7"; verify checks I1, I2, I3, I4, I5, I6 (I7 judges the configuration, not a night)',
    ],
    [['--seed', '1'], 'verify has no option --seed'],
  ])('exits 2 on %j with the reason', (args, reason) => {
    const { out, run } = harness(FILES, simulatorEngine, { cores: 2 });
    expect(run('verify', 'on.json', ...args)).toBe(2);
    expect(out.stderr).toBe(`leaseline: ${reason}\nRun "npx leaseline help" for usage.\n`);
    expect(out.stdout).toBe('');
  });

  it("exits 2 naming a fault that does not apply to the file's design, and a file that is not a scenario", () => {
    const { out, run } = harness({ ...FILES, 'bad.json': '{' }, simulatorEngine);
    expect(run('verify', 'on.json', '--faults', 'killSession')).toBe(2);
    expect(out.stderr).toBe(
      'leaseline: --faults: killSession does not apply to on.json (lock shedlock); the faults that apply are pause, pauseBeforeWrite, crash, clockJump, delayWrite, partition, expireLock\n',
    );
    out.stderr = '';
    expect(run('verify', 'bad.json')).toBe(2);
    expect(out.stderr).toMatch(/^bad\.json: /);
    expect(run('verify')).toBe(2);
  });

  it('has its own --help and is in the list of commands', () => {
    const { out, run } = harness(FILES);
    expect(run('verify', '--help')).toBe(0);
    expect(out.stdout).toContain('Usage: npx leaseline verify FILE [--faults LIST] [--max-faults K]');
    expect(out.stdout).toContain('More in docs/verify.md.');
    out.stdout = '';
    expect(run('help')).toBe(0);
    expect(out.stdout).toContain('\n  verify FILE ');
  });
});

describe('the words of verify', () => {
  it("read as docs/verify.md's example", () => {
    const text = safeText({
      bounds: { ...VERIFY_BOUNDS_DEFAULT, fresh: true },
      keepsOwnEvents: false,
      nightsCovered: 761_995,
      simulations: 20_411,
      elapsedMs: 4210,
    });
    expect(text).toBe(
      'Safe within these bounds: every night with up to 2 faults (pauses and crashes of 10s, 1m, 5m\n' +
        'or 10m, starting on a 10-second grid) — 761,995 nights — applies nothing twice and accepts no\n' +
        'stale token. 20,411 simulations, 4.2 s.\n',
    );
  });
});
