/**
 * Lease nights around the leader's renew deadline, each timeline derived by hand from the model
 * (client-go: a renew iteration starts when it runs, `renewDeadline` from then; one that fell
 * due during a pause starts at the resume; a request in flight at the deadline is abandoned;
 * STOPPED is final), never copied from the engine's output.
 *
 * Shared facts of every night (the s14 preset's setup, fencing off): leaseDuration 15 s,
 * renewDeadline 10 s, retryPeriod 2 s. A's elector ticks at even seconds, B's at x.4, C's at x.8;
 * A's latency to the API server is 2 ms. A leads from 02:00:00.002, loads for 20 s and computes
 * #1001 from 02:00:20 to 02:00:50 (CPU work: a pause freezes it). A's last renewal before each
 * fault succeeds at 02:00:44.002 (or 02:00:28.002), and B observes that change at its next tick,
 * 02:00:44.4 (02:00:28.4): it may take over once its own clock passes that plus 15 s.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import type { ResolvedScenario } from '../src/model/resolvedScenario';
import { formatTimeOfNightShort } from '../src/model/timeOfNight';
import { keyMoments } from '../src/sim/readings/keyMoments';
import { simulate } from '../src/sim/simulate';
import type { Trace } from '../src/sim/trace';
import { describeDefaults } from '../src/timeline/describeDefaults';
import { keyMomentSentence } from '../src/timeline/keyMomentText';
import { runPreset } from './runPreset';

const replica = (id: string, index: number) => ({
  id,
  host: `orders-${index}`,
  trigger: { at: '02:00:00', every: '60s', phase: `${index * 400}ms` },
});

function night(events: readonly Record<string, unknown>[]): Trace {
  return nightAndScenario(events).trace;
}

function nightAndScenario(events: readonly Record<string, unknown>[]): { trace: Trace; scenario: ResolvedScenario } {
  const loaded = loadScenarioValue(
    {
      format: 'leaseline/scenario',
      version: 1,
      title: 'renew deadline night',
      window: { from: '02:00:00', to: '02:06:00' },
      replicas: [replica('A', 0), replica('B', 1), replica('C', 2)],
      job: { kind: 'reconcile', load: '20s', perItem: '30s', markDone: '10s', skipIfDone: true },
      lock: { kind: 'lease', leaseDuration: '15s', renewDeadline: '10s', retryPeriod: '2s', token: true },
      storage: { fencing: 'off', lastToken: 3 },
      events,
    },
    'renew-deadline.json',
  );
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return { trace: simulate(loaded.scenario), scenario: loaded.scenario };
}

const at = (text: string): number => {
  const [h, m, s] = text.split(':').map(Number) as [number, number, number];
  return Math.round(((h * 60 + m) * 60 + s) * 1000);
};

/**
 * What `who`'s elector and job did from `from` to `to` (inclusive), as `time what`: its process
 * changes, its lease requests and their answers at the API server, timeouts, the loss of
 * leadership, its writes (when sent, and their result), and other replicas' grants.
 */
function story(trace: Trace, who: string, from: string, to: string): string[] {
  const fromMs = at(from);
  const toMs = at(to);
  const lines: { atMs: number; text: string }[] = [];
  for (const entry of trace.entries) {
    if (entry.atMs < fromMs || entry.atMs > toMs) continue;
    if (entry.kind === 'sql' && entry.replica === who) {
      if (['leaseRenew', 'leaseAcquire'].includes(entry.statement.kind))
        lines.push({ atMs: entry.atMs, text: `${entry.statement.kind}: ${entry.note}` });
      continue;
    }
    if (entry.node !== who) continue;
    if (entry.kind === 'process') lines.push({ atMs: entry.atMs, text: `${entry.state} (${entry.cause})` });
    else if (entry.kind === 'send' && (entry.request === 'leaseRenew' || entry.request === 'leaseTry'))
      lines.push({ atMs: entry.atMs, text: `sends ${entry.request}` });
    else if (entry.kind === 'timeout') lines.push({ atMs: entry.atMs, text: `${entry.request} timed out` });
    else if (entry.kind === 'keepAlive' && entry.outcome === 'lost')
      lines.push({ atMs: entry.atMs, text: 'stops leading' });
  }
  for (const write of trace.writes)
    if (write.replica === who && write.sentMs >= fromMs && write.sentMs <= toMs)
      lines.push({ atMs: write.sentMs, text: `writes #${write.order}: ${write.result}` });
  for (const grant of trace.grants)
    if (grant.replica !== who && grant.grantMs >= fromMs && grant.grantMs <= toMs)
      lines.push({ atMs: grant.grantMs, text: `${grant.replica} leads, token ${grant.token}` });
  // Stable: entries of one instant keep the order they happened in; writes and grants after.
  return lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) => a.line.atMs - b.line.atMs || a.index - b.index)
    .map(({ line }) => `${formatTimeOfNightShort(line.atMs)} ${line.text}`);
}

const pause = (forText: string) => ({ id: 'p1', type: 'pause', replica: 'A', at: '02:00:45', for: forText });

describe('a pause shorter than renewDeadline', () => {
  it('A wakes at 02:00:52.5, the iteration that fell due at 02:00:46 runs then and renews: A leads on', () => {
    const trace = night([pause('7500ms')]);
    // Ticks at 46, 48, 50 fall due while paused: one iteration runs at the resume. Work has 5 s
    // left, so #1001 goes at 02:00:57.5. B saw no change since 44.4 but 44.4 + 15 s is not yet
    // reached at its 52.4 tick, and at 54.4 it sees A's renewal of 52.502.
    expect(story(trace, 'A', '02:00:44', '02:00:58.5')).toEqual([
      '02:00:44 sends leaseRenew',
      '02:00:44.002 leaseRenew: extended',
      '02:00:45 paused (pause)',
      '02:00:52.500 up (resume)',
      '02:00:52.500 sends leaseRenew',
      '02:00:52.502 leaseRenew: extended',
      '02:00:54 sends leaseRenew',
      '02:00:54.002 leaseRenew: extended',
      '02:00:56 sends leaseRenew',
      '02:00:56.002 leaseRenew: extended',
      '02:00:57.500 writes #1001: accepted',
      '02:00:58 sends leaseRenew',
      '02:00:58.002 leaseRenew: extended',
    ]);
    expect(trace.grants.map((g) => g.replica)).toEqual(['A']);
    expect(trace.violations).toEqual([]);
  });
});

describe('a pause between renewDeadline and leaseDuration', () => {
  it('A wakes 13.5 s after its last renewal, past a deadline counted from it, and still renews: nobody took over', () => {
    const trace = night([pause('12500ms')]);
    // Counted from the last success (44 + 2 + 10 = 56) the deadline would be past at the
    // resume (57.5); counted from when the iteration runs, it is 02:01:07.5 and the first try
    // renews (B may not take over before 59.4). #1001 goes when the 5 s of work left are done.
    expect(story(trace, 'A', '02:00:44', '02:01:03')).toEqual([
      '02:00:44 sends leaseRenew',
      '02:00:44.002 leaseRenew: extended',
      '02:00:45 paused (pause)',
      '02:00:57.500 up (resume)',
      '02:00:57.500 sends leaseRenew',
      '02:00:57.502 leaseRenew: extended',
      '02:00:58 sends leaseRenew',
      '02:00:58.002 leaseRenew: extended',
      '02:01:00 sends leaseRenew',
      '02:01:00.002 leaseRenew: extended',
      '02:01:02 sends leaseRenew',
      '02:01:02.002 leaseRenew: extended',
      '02:01:02.500 writes #1001: accepted',
    ]);
    expect(trace.grants.map((g) => g.replica)).toEqual(['A']);
    expect(trace.violations).toEqual([]);
  });
});

describe('a pause longer than leaseDuration, with a write due in the zombie window', () => {
  it('A wakes at 02:01:47.5 after B took over, leads until 02:01:57.5 and writes #1001 meanwhile', () => {
    const { trace, scenario } = nightAndScenario([pause('62500ms')]);
    // B may take over after 44.4 + 15 s = 59.4: at its 02:01:00.4 tick, token 5; its poll at
    // the same instant then runs the job and loads all five orders (A wrote nothing), so B
    // writes #1001 at 02:01:50.4. A resumes at 47.5: the iteration that fell due at 46 starts
    // now with its deadline at 57.5; every try (47.5, then the ticks 48 to 56) is refused by
    // B's record. The 5 s of work left end at 52.5: A writes #1001 as leader, and it is
    // applied twice. At 57.5 the deadline passes: A stops leading and exits (onLockLost exit).
    expect(story(trace, 'A', '02:00:59', '02:02:10')).toEqual([
      '02:01:00.403 B leads, token 5',
      '02:01:47.500 up (resume)',
      '02:01:47.500 sends leaseRenew',
      '02:01:47.502 leaseRenew: lost',
      '02:01:48 sends leaseRenew',
      '02:01:48.002 leaseRenew: lost',
      '02:01:50 sends leaseRenew',
      '02:01:50.002 leaseRenew: lost',
      '02:01:52 sends leaseRenew',
      '02:01:52.002 leaseRenew: lost',
      '02:01:52.500 writes #1001: accepted',
      '02:01:54 sends leaseRenew',
      '02:01:54.002 leaseRenew: lost',
      '02:01:56 sends leaseRenew',
      '02:01:56.002 leaseRenew: lost',
      '02:01:57.500 stops leading',
      '02:01:57.500 down (exit)',
    ]);
    expect(trace.writes.filter((w) => w.order === 1001).map((w) => `${w.replica} ${w.sentMs}`)).toEqual([
      `B ${at('02:01:50.4')}`,
      `A ${at('02:01:52.5')}`,
    ]);
    expect(trace.grants.map((g) => `${g.replica} ${g.token} ${g.endReason}`)).toEqual(['A 4 lost', 'B 5 null']);
    expect(trace.grants[0]?.endMs).toBe(at('02:01:57.5'));
    const wake = keyMoments(trace, scenario).find((moment) => moment.kind === 'wake');
    expect(wake && keyMomentSentence(wake, describeDefaults)).toBe(
      'A wakes at 02:01:47.500 and still leads until 02:01:57.500: its renew deadline has not run out',
    );
  });
});

describe('a partition', () => {
  it('healed within the deadline: the iteration that ran at 02:00:30 renews at 02:00:38 and A leads on', () => {
    const trace = night([{ id: 'n1', type: 'partition', replica: 'A', from: '02:00:30', to: '02:00:37' }]);
    // Tries at 30, 32, 34, 36 arrive inside the partition and time out 3 s later; the try at
    // 38 renews, which ends the iteration (deadline 40 never falls due), so the timeout of the
    // 36 try (39) is no longer awaited. B saw a change at 28.4 and at 38.4 sees the renewal.
    expect(story(trace, 'A', '02:00:28', '02:00:42.5')).toEqual([
      '02:00:28 sends leaseRenew',
      '02:00:28.002 leaseRenew: extended',
      '02:00:30 sends leaseRenew',
      '02:00:32 sends leaseRenew',
      '02:00:33 leaseRenew timed out',
      '02:00:34 sends leaseRenew',
      '02:00:35 leaseRenew timed out',
      '02:00:36 sends leaseRenew',
      '02:00:37 leaseRenew timed out',
      '02:00:38 sends leaseRenew',
      '02:00:38.002 leaseRenew: extended',
      '02:00:40 sends leaseRenew',
      '02:00:40.002 leaseRenew: extended',
      '02:00:42 sends leaseRenew',
      '02:00:42.002 leaseRenew: extended',
    ]);
    expect(trace.grants.map((g) => g.replica)).toEqual(['A']);
  });

  it('past the deadline (s13a): A stops at 02:00:40 = last success 02:00:28 + retryPeriod + renewDeadline', () => {
    const { trace } = runPreset('s13a-partitioned-leader-exits');
    // The try sent at 38 would time out at 41: the deadline at 40 abandons it, and STOPPED
    // sends no more. B takes over at its first tick past 28.4 + 15 s: 02:00:44.4.
    expect(story(trace, 'A', '02:00:28', '02:00:50')).toEqual([
      '02:00:28 sends leaseRenew',
      '02:00:28.002 leaseRenew: extended',
      '02:00:30 sends leaseRenew',
      '02:00:32 sends leaseRenew',
      '02:00:33 leaseRenew timed out',
      '02:00:34 sends leaseRenew',
      '02:00:35 leaseRenew timed out',
      '02:00:36 sends leaseRenew',
      '02:00:37 leaseRenew timed out',
      '02:00:38 sends leaseRenew',
      '02:00:39 leaseRenew timed out',
      '02:00:40 stops leading',
      '02:00:40 down (exit)',
      '02:00:44.403 B leads, token 5',
    ]);
  });

  it('with onLockLost continue (s13b), STOPPED is final: A never tries to lead again, even after the partition', () => {
    const { trace } = runPreset('s13b-partitioned-leader-continues');
    const lease = (e: Trace['entries'][number]) =>
      e.node === 'A' && e.kind === 'send' && (e.request === 'leaseTry' || e.request === 'leaseRenew');
    expect(trace.entries.filter((e) => lease(e) && e.atMs > at('02:00:40')).length).toBe(0);
    expect(trace.entries.some((e) => e.node === 'A' && e.kind === 'process' && e.state === 'down')).toBe(false);
  });
});
