/**
 * ShedLock's KeepAlive runs on a fixed-rate grid (F7; `KeepAliveLockProvider` schedules
 * `extendForNextPeriod` with `scheduleAtFixedRate`, and the JDK's `ScheduledFutureTask`
 * sets the next run to the previous *scheduled* time plus the period). A late run, after a
 * starved renewer or a pause, does not move the grid, and a run that fell due while the
 * previous one waited for its reply starts as soon as that reply is in.
 *
 * All three nights: lockAtMostFor 60 s, so the period is 30 s; `time: db`; A's latency to the
 * database is 2 ms, B's 3 ms. A's poll at 02:00:00.000 checks the night, takes the lock at the
 * database at 02:00:00.002 (lock_until 02:01:00.002) and starts the keep-alive at its instant,
 * 02:00:00.000: the grid is 02:00:30, 02:01:00, 02:01:30, 02:02:00, 02:02:30... A's run:
 * load 15 s, five items of 30 s, mark done 10 s; writes at 02:00:45, 02:01:15, 02:01:45,
 * 02:02:15, 02:02:45, marked and released at 02:02:55, which ends the keep-alive.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';

const MIDNIGHT_TO_2AM_MS = 2 * 3600 * 1000;

/** `02:mm:ss.mmm` of a true time in ms since midnight. */
function clock(atMs: number): string {
  const sinceTwoMs = atMs - MIDNIGHT_TO_2AM_MS;
  const minutes = Math.floor(sinceTwoMs / 60_000);
  const seconds = Math.floor((sinceTwoMs % 60_000) / 1000);
  const millis = sinceTwoMs % 1000;
  return `02:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

function night(events: readonly Record<string, unknown>[]): Trace {
  const loaded = loadScenarioValue(
    {
      format: 'leaseline/scenario',
      version: 1,
      window: { from: '02:00:00', to: '02:05:00' },
      replicas: [
        { id: 'A', trigger: { at: '02:00:00', every: '60s', phase: '0s' } },
        { id: 'B', trigger: { at: '02:00:00', every: '60s', phase: '22s' } },
      ],
      job: { kind: 'reconcile', load: '15s', perItem: '30s', markDone: '10s', skipIfDone: true },
      lock: { kind: 'shedlock', lockAtMostFor: '60s', time: 'db', token: true, keepAlive: true },
      storage: { fencing: 'off' },
      events,
    },
    'keepAliveFixedRate.json',
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return simulate(loaded.scenario);
}

/** A's keep-alive as `time outcome`, and each extend statement as `time -> lock_until rows`. */
function keepAliveOf(trace: Trace): { outcomes: string[]; extends: string[] } {
  return {
    outcomes: trace.entries.flatMap((e) =>
      e.kind === 'keepAlive' && e.node === 'A' ? [`${clock(e.atMs)} ${e.outcome}`] : [],
    ),
    extends: trace.entries.flatMap((e) =>
      e.kind === 'sql' && e.statement.kind === 'extend'
        ? [`${clock(e.atMs)} -> ${clock(e.statement.untilMs)} ${e.rows}`]
        : [],
    ),
  };
}

const grantsOf = (trace: Trace) => trace.grants.map((g) => `${g.replica} t${g.token} ${clock(g.grantMs)}`);

describe('ShedLock KeepAlive on a fixed-rate grid', () => {
  it('a late run does not move the grid, so a second late run still finds the lock its own', () => {
    // Starved from 02:00:55 to 02:01:20 and again from 02:01:45 to 02:02:25.
    //
    //   grid      run at        A remembers until   lock_until at the database
    //   02:00:30  02:00:30.000  02:01:30.000        02:01:30.002
    //   02:01:00  starved: deferred to 02:01:20
    //             02:01:20.000  02:02:20.000        02:02:20.002   (02:01:30 >= 02:01:20: not too late)
    //   02:01:30  02:01:30.000  02:02:30.000        02:02:30.002   (on the grid, 10 s after the late run)
    //   02:02:00  starved: deferred to 02:02:25
    //             02:02:25.000  02:03:25.000        02:03:25.002   (02:02:30 >= 02:02:25: not too late)
    //   02:02:30  02:02:30.000  02:03:30.000        02:03:30.002
    //   02:03:00  none: A released the lock at 02:02:55 and the keep-alive ended with the run.
    //
    // B's poll at 02:02:22 finds the lock held (until 02:02:30.002) and skips.
    //
    // Had the next run been scheduled a period after the late one (02:01:20 + 30 s = 02:01:50),
    // it would have been starved until 02:02:25, found its remembered 02:02:20 too late and
    // stopped: the lock would have lapsed at 02:02:20.002 and B would have taken it at
    // 02:02:22.003 while A still ran.
    const trace = night([
      { type: 'starveRenewer', replica: 'A', from: '02:00:55', to: '02:01:20' },
      { type: 'starveRenewer', replica: 'A', from: '02:01:45', to: '02:02:25' },
    ]);
    const keepAlive = keepAliveOf(trace);
    expect(keepAlive.outcomes).toEqual([
      '02:00:30.002 extended',
      '02:01:00.000 deferred',
      '02:01:20.002 extended',
      '02:01:30.002 extended',
      '02:02:00.000 deferred',
      '02:02:25.002 extended',
      '02:02:30.002 extended',
    ]);
    expect(keepAlive.extends).toEqual([
      '02:00:30.002 -> 02:01:30.002 1',
      '02:01:20.002 -> 02:02:20.002 1',
      '02:01:30.002 -> 02:02:30.002 1',
      '02:02:25.002 -> 02:03:25.002 1',
      '02:02:30.002 -> 02:03:30.002 1',
    ]);
    expect(grantsOf(trace)).toEqual(['A t7 02:00:00.002']);
    const bRuns = trace.runs.filter((run) => run.replica === 'B').map((run) => `${clock(run.startMs)} ${run.reason}`);
    expect(bRuns).toContain('02:02:22.000 locked');
    expect(trace.violations.filter((v) => v.invariant !== 'I7')).toEqual([]);
  });

  it('after a pause, the overdue run fires on resume and the next one is back on the grid', () => {
    // Paused from 02:00:55 for 15 s. The run due at 02:01:00 is a clock timer: it falls due
    // during the pause and fires once on resume, at 02:01:10. Its remembered 02:01:30 is not
    // too late: extend, lock_until 02:02:10.002. The next run is due at 02:01:30 (grid), not
    // 02:01:40. The pause froze A's work for 15 s, so its run ends at 02:03:10: the runs at
    // 02:02:00, 02:02:30 and 02:03:00 are on the grid as well.
    const trace = night([{ type: 'pause', replica: 'A', at: '02:00:55', for: '15s' }]);
    expect(keepAliveOf(trace).extends).toEqual([
      '02:00:30.002 -> 02:01:30.002 1',
      '02:01:10.002 -> 02:02:10.002 1',
      '02:01:30.002 -> 02:02:30.002 1',
      '02:02:00.002 -> 02:03:00.002 1',
      '02:02:30.002 -> 02:03:30.002 1',
      '02:03:00.002 -> 02:04:00.002 1',
    ]);
    expect(grantsOf(trace)).toEqual(['A t7 02:00:00.002']);
  });

  it('a run that fell due while the previous one waited for its reply starts when the reply is in', () => {
    // Starved from 02:00:55 to 02:01:29.999: the run due at 02:01:00 goes at 02:01:29.999 and
    // its extend runs at the database 2 ms later, at 02:01:30.001. The run due at 02:01:30.000
    // is overdue by then: the executor starts it as soon as the previous run returned, so its
    // extend is sent at 02:01:30.001 and runs at 02:01:30.003. The grid goes on at 02:02:00.
    const trace = night([{ type: 'starveRenewer', replica: 'A', from: '02:00:55', to: '02:01:29.999' }]);
    expect(keepAliveOf(trace).extends).toEqual([
      '02:00:30.002 -> 02:01:30.002 1',
      '02:01:30.001 -> 02:02:30.001 1',
      '02:01:30.003 -> 02:02:30.003 1',
      '02:02:00.002 -> 02:03:00.002 1',
      '02:02:30.002 -> 02:03:30.002 1',
    ]);
  });
});
