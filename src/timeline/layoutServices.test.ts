import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { formatTimeOfNightMs, parseTimeOfNightMs } from '../model/timeOfNight';
import { describeDefaults } from './describeDefaults';
import { layoutTimeline } from './layoutTimeline';
import { serviceIntervals } from './serviceIntervals';
import { serviceStatesAt } from './serviceText';
import { windowViewport } from './viewport';

const t = formatTimeOfNightMs;
const parseMs = (text: string) => {
  const parsed = parseTimeOfNightMs(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.value;
};

function intervals(id: string) {
  const { trace } = runPreset(id);
  return serviceIntervals(trace.services, trace.replicaIds, trace.windowToMs).map(
    (interval) =>
      `${interval.stream} ${interval.tone} r${interval.row} ${interval.text === null ? '-' : describeDefaults(interval.text.key, interval.text.params)} ${t(interval.fromMs)}-${t(interval.toMs)}`,
  );
}

function geometry(id: string) {
  const { trace, scenario } = runPreset(id);
  return layoutTimeline({
    trace,
    scenario,
    events: [],
    viewport: windowViewport(scenario.windowFromMs, scenario.windowToMs, 1200),
  });
}

describe('mechanism lanes', () => {
  it('S10: Redis primary holds A:0 until it dies; the promoted replica holds B:1 until B releases', () => {
    expect(intervals('s10-redis-failover')).toEqual([
      'redis:primary held r0 A:0 02:00:00.002-02:00:00.500',
      'redis:primary down r0 - 02:00:00.500-02:05:00.000', // the window's end
      'redis:replica held r0 B:1 02:00:10.003-02:03:10.003',
    ]);
    const lanes = geometry('s10-redis-failover').lanes.map((lane) => `${lane.kind}:${lane.label}`);
    expect(lanes).toEqual([
      'replica:Replica A',
      'replica:Replica B',
      'replica:Replica C',
      'lock:Lock',
      'service:Redis primary',
      'service:Redis replica',
      'storage:Storage',
    ]);
  });

  it('S11: the key ends at the clock jump, not after its PX', () => {
    expect(intervals('s11-redis-clock-jump')[0]).toBe('redis:primary held r0 A:0 02:00:00.002-02:01:00.000');
  });

  it('S12: the Lease record names A, goes stale 15 s after A’s last renewal, then names B with transitions 5', () => {
    const lease = intervals('s12-leader-dies');
    expect(lease[0]).toMatch(/^lease held r0 A · transitions 4 02:00:00\.002-/);
    expect(lease[1]).toMatch(/^lease stale r0 A · transitions 4 .*-02:01:56\.403$/);
    expect(lease[2]).toMatch(/^lease held r0 B · transitions 5 02:01:56\.403-/);
  });

  it('S15: each etcd key on its replica’s row, dashed while it waits, solid once it is the lowest', () => {
    const keys = intervals('s15-etcd-session-expires');
    expect(keys.slice(0, 3)).toEqual([
      'keys held r0 A · rev 7 02:00:00.002-02:01:39.993',
      'keys waiting r1 B · rev 8 02:00:00.003-02:01:39.993',
      'keys waiting r2 C · rev 9 02:00:00.004-02:03:39.996',
    ]);
    expect(keys[3]).toBe('keys held r1 B · rev 8 02:01:39.993-02:03:39.996');
    expect(geometry('s15-etcd-session-expires').lanes.find((lane) => lane.id === 'keys')?.label).toBe('etcd keys');
  });

  it('S16: the outbox lane stacks 30 rows; B’s rows are claimed, rolled back, claimed again by A', () => {
    const rows = intervals('s16-outbox-crash-before-commit').filter((line) => line.includes(' r10 '));
    expect(rows[0]).toMatch(/^outbox claimed r10 B#0 02:00:00\.103-/);
    expect(rows[1]).toMatch(/^outbox claimed r10 A#0 /);
    expect(rows.at(-1)).toMatch(/^outbox sent r10 - .*-02:00:10\.000$/);
    const layout = geometry('s16-outbox-crash-before-commit');
    const lane = layout.lanes.find((candidate) => candidate.id === 'outbox');
    expect(lane?.label).toBe('Outbox rows');
    const spans = layout.serviceSpans.filter((span) => span.laneId === 'outbox');
    // Every bar inside its lane, rows stacked top to bottom.
    for (const span of spans) {
      expect(span.y).toBeGreaterThanOrEqual(lane?.y ?? 0);
      expect(span.y + span.height).toBeLessThanOrEqual((lane?.y ?? 0) + (lane?.height ?? 0));
    }
  });

  it('names writes by what the job writes', () => {
    const publish = geometry('s16-outbox-no-lock').writes[0];
    expect(publish?.ariaLabel).toMatch(/^Publish of outbox row 1 by A, accepted, published more than once$/);
    expect(geometry('s17-digest-send-then-claim').writes[0]?.ariaLabel).toMatch(/^Digest email sent by /);
    expect(geometry('s18-cleanup-idempotent').writes[0]?.ariaLabel).toMatch(/^Delete of expired row 1 by /);
  });

  it('a ShedLock night has no mechanism lane (its row is drawn under the lock lane)', () => {
    const layout = geometry('s07-fencing-off');
    expect(layout.lanes.some((lane) => lane.kind === 'service')).toBe(false);
    expect(layout.serviceSpans).toEqual([]);
  });

  it('says in words what each service held at the playhead', () => {
    const { trace } = runPreset('s10-redis-failover');
    const at = (time: string) =>
      serviceStatesAt(trace.services, parseMs(time), describeDefaults).map((state) => `${state.label}: ${state.text}`);
    expect(at('02:00:00.300')).toEqual([
      'Redis primary: lock key A:0, expires 02:30:00.002, INCR counter 7',
      'Redis replica: no lock key, INCR counter 6',
    ]);
    expect(at('02:00:20')).toEqual([
      'Redis primary: down (the primary died)',
      'Redis replica: lock key B:1, expires 02:30:10.003, INCR counter 7; promoted to primary',
    ]);
    const lease = runPreset('s12-leader-dies').trace;
    expect(serviceStatesAt(lease.services, parseMs('02:01:56'), describeDefaults)[0]?.text).toMatch(
      /^holderIdentity A, renewTime 02:01:4\d\.\d+ \(older than leaseDuration/,
    );
  });

  it('S17: the digest record lane shows the record from its insertion, with the emails sent', () => {
    const claimFirst = intervals('s17-digest-claim-then-send');
    // Recorded first (no email yet), then the one email.
    expect(claimFirst).toHaveLength(2);
    expect(claimFirst[0]).toMatch(/^digest held r0 sent for tonight · emails sent: 0 /);
    expect(claimFirst[1]).toMatch(/^digest held r0 sent for tonight · emails sent: 1 /);
    const sendFirst = intervals('s17-digest-send-then-claim');
    // Sent three times: the last interval counts three emails.
    expect(sendFirst.at(-1)).toMatch(/^digest held r0 sent for tonight · emails sent: 3 /);
  });

  it('S18: the expired rows lane marks each row from its deletion on', () => {
    const { trace } = runPreset('s18-cleanup-idempotent');
    const rows = intervals('s18-cleanup-idempotent');
    const first = trace.services.find((change) => change.view.kind === 'cleanup')?.view;
    expect(first?.kind === 'cleanup' && rows.length).toBe(first?.kind === 'cleanup' ? first.deleted.length : -1);
    expect(rows.every((line) => line.startsWith('cleanup sent '))).toBe(true);
  });
});
