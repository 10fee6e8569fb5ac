/**
 * The worked-out timelines of docs/model.md §9, asserted fact by fact: to the millisecond where the
 * document gives milliseconds, to the second elsewhere. These are written from the document,
 * not from the engine's output, so they catch a golden that was accepted by mistake.
 */
import { describe, expect, it } from 'vitest';
import { runLines, runPreset, writeLines } from './runPreset';

describe('S01 no coordination', () => {
  it('runs the job three times and applies every order three times', () => {
    const { report } = runPreset('s01-no-lock');
    expect(report.safe).toBe(false);
    expect(report.doubleApplied).toEqual([1001, 1002, 1003, 1004, 1005].map((order) => ({ order, times: 3 })));
    for (const replica of ['A', 'B', 'C']) {
      const sent = report.writes.filter((w) => w.replica === replica).map((w) => w.sentAt.slice(0, 8));
      expect(sent).toEqual(['02:00:50', '02:01:20', '02:01:50', '02:02:20', '02:02:50']);
    }
    expect(report.violations.filter((v) => v.invariant === 'I3')).toHaveLength(5);
    expect(report.grants).toEqual([]);
  });

  it('with a unique key, the first commit per order wins and the rest are duplicates', () => {
    const { report } = runPreset('s01-unique-key');
    expect(report.safe).toBe(true);
    expect(report.writes.filter((w) => w.result === 'accepted').map((w) => w.replica)).toEqual([
      'A',
      'A',
      'A',
      'A',
      'A',
    ]);
    expect(report.writes.filter((w) => w.result === 'duplicate')).toHaveLength(10);
    expect(runLines(report)).toHaveLength(3);
  });
});

describe('S02 ShedLock happy path', () => {
  it('grants A, denies B and C, and unlock keeps the lock for lockAtLeastFor', () => {
    const { report, trace } = runPreset('s02-shedlock-happy-path');
    expect(report.safe).toBe(true);
    expect(report.grants).toEqual([{ replica: 'A', token: null, at: '02:00:00.002', until: '02:05:00.002' }]);
    expect(trace.grants[0]?.intendedEndMs).toBe(((2 * 60 + 5) * 60 + 0) * 1000 + 2);
    const skipped = report.runs.filter((run) => run.outcome === 'skipped').map((run) => `${run.replica} ${run.start}`);
    expect(skipped).toEqual(['B 02:00:00.000', 'C 02:00:00.000']);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:03:00.000 done']);
    expect(report.doubleApplied).toEqual([]);
  });
});

describe('S03 holder crashes', () => {
  it('B takes the expired lease at 02:30:10 and finishes the four remaining items', () => {
    const { report } = runPreset('s03-holder-crashes');
    expect(report.grants.map((g) => `${g.replica} ${g.at}`)).toEqual(['A 02:00:00.002', 'B 02:30:10.003']);
    expect(writeLines(report).map((line) => line.slice(0, 20))).toEqual([
      'A 1001 t- 02:00:50.0',
      'B 1002 t- 02:31:00.0',
      'B 1003 t- 02:31:30.0',
      'B 1004 t- 02:32:00.0',
      'B 1005 t- 02:32:30.0',
    ]);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:01:00.000 crashed', 'B t- 02:30:10.000-02:32:40.000 done']);
    expect(report.safe).toBe(true);
    expect(report.violations.map((v) => v.invariant)).toEqual([]);
  });

  it('variant a: with no retries nobody runs tonight (I6)', () => {
    const { report } = runPreset('s03a-holder-crashes-no-retry');
    expect(report.grants).toHaveLength(1);
    expect(report.violations.map((v) => v.invariant)).toEqual(['I6']);
  });

  it('variant b: a plain lock never frees, the run is missed', () => {
    const { report } = runPreset('s03b-plain-lock');
    expect(report.grants).toHaveLength(1);
    expect(report.writes).toHaveLength(1);
    expect(report.violations.map((v) => v.invariant)).toEqual(['I6']);
  });

  it('variant c: the restarted A wins the tie at 02:30:00.002 and B finds the lock held', () => {
    const { report } = runPreset('s03c-holder-restarts');
    expect(report.grants.map((g) => `${g.replica} ${g.at}`)).toEqual(['A 02:00:00.002', 'A 02:30:00.002']);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:01:00.000 crashed', 'A t- 02:30:00.000-02:32:30.000 done']);
    const b = report.runs.find((run) => run.replica === 'B' && run.start === '02:30:10.000');
    expect(b?.outcome).toBe('skipped');
    expect(report.writes.filter((w) => w.replica === 'A').map((w) => w.order)).toEqual([1001, 1002, 1003, 1004, 1005]);
  });
});

describe('S04 lockAtMostFor shorter than the runtime', () => {
  const slowA = ['A 1001 t7 02:04:10', 'A 1002 t7 02:08:00'];
  it('without fencing, B takes over at 02:10:10 with token 8 and #1003-#1005 are doubled', () => {
    const { report } = runPreset('s04-atmost-too-short');
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'A 7 02:00:00.002',
      'B 8 02:10:10.003',
    ]);
    expect(writeLines(report).map((line) => line.slice(0, 18))).toEqual([
      ...slowA,
      'B 1003 t8 02:11:00',
      'B 1004 t8 02:11:30',
      'A 1003 t7 02:11:50',
      'B 1005 t8 02:12:00',
      'A 1004 t7 02:15:40',
      'A 1005 t7 02:19:30',
    ]);
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:19:40.000 done', 'B t8 02:10:10.000-02:12:10.000 done']);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1003, 1004, 1005]);
    expect(report.violations.some((v) => v.invariant === 'I7')).toBe(true);
  });

  it('with fencing, A is fenced out at 02:11:50 and aborts', () => {
    const { report } = runPreset('s04-atmost-too-short-fenced');
    const staleWrites = report.writes.filter((w) => w.result === 'stale');
    expect(staleWrites.map((w) => `${w.replica} ${w.order} ${w.token} ${w.sentAt}`)).toEqual(['A 1003 7 02:11:50.000']);
    expect(runLines(report)[0]).toBe('A t7 02:00:00.000-02:11:50.000 aborted');
    expect(report.safe).toBe(true);
  });

  it('the EX05 fix keeps the lock until A unlocks at 02:19:40; the next poll sees the night done', () => {
    const { report, trace } = runPreset('s04-atmost-fixed');
    expect(report.grants).toEqual([{ replica: 'A', token: 7, at: '02:00:00.002', until: '02:19:40.002' }]);
    expect(report.safe).toBe(true);
    const afterUnlock = trace.runs.find(
      (run) => run.startMs >= (2 * 3600 + 19 * 60 + 40) * 1000 && run.replica !== 'A',
    );
    expect(afterUnlock?.reason).toBe('alreadyDone');
  });
});

describe('S07 flagship: paused holder, token 7 against token 8', () => {
  const common = [
    'A 1001 t7 02:00:50.000 accepted',
    'A 1002 t7 02:01:20.000 accepted',
    'B 1003 t8 02:06:00.000 accepted',
    'B 1004 t8 02:06:30.000 accepted',
    'B 1005 t8 02:07:00.000 accepted',
  ];

  it('grants token 7 to A and token 8 to B; C is denied at 02:05:40', () => {
    const { report } = runPreset('s07-fencing-on');
    expect(report.grants).toEqual([
      { replica: 'A', token: 7, at: '02:00:00.002', until: '02:05:00.002' },
      { replica: 'B', token: 8, at: '02:05:10.003', until: '02:07:10.003' },
    ]);
    const c = report.runs.find((run) => run.replica === 'C' && run.start === '02:05:40.000');
    expect(c?.outcome).toBe('skipped');
  });

  it('fencing on: A writes #1003 with token 7 at 02:07:50, stale; every order once', () => {
    const { report, trace } = runPreset('s07-fencing-on');
    expect(writeLines(report)).toEqual([...common, 'A 1003 t7 02:07:50.000 stale']);
    expect(report.writes.at(-1)?.at).toBe('02:07:50.002');
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:07:50.000 aborted', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.safe).toBe(true);
    expect(report.doubleApplied).toEqual([]);
    expect(trace.zombieWindows.map((z) => [z.fromMs, z.toMs])).toEqual([
      [(2 * 3600 + 5 * 60 + 10) * 1000 + 3, (2 * 3600 + 7 * 60 + 50) * 1000 + 2],
    ]);
    // A's unlock after the takeover matches 0 rows: locked_by is orders-1.
    const unlocks = trace.entries.filter((e) => e.kind === 'sql' && e.statement.kind === 'unlock');
    expect(unlocks.map((e) => (e.kind === 'sql' ? `${e.replica} ${e.rows}` : ''))).toEqual(['B 1', 'A 0']);
  });

  it('fencing off: accepted, and #1003-#1005 are applied twice', () => {
    const { report } = runPreset('s07-fencing-off');
    expect(writeLines(report)).toEqual([
      ...common,
      'A 1003 t7 02:07:50.000 accepted',
      'A 1004 t7 02:08:20.000 accepted',
      'A 1005 t7 02:08:50.000 accepted',
    ]);
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:09:00.000 done', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.safe).toBe(false);
    expect(report.doubleApplied).toEqual([
      { order: 1003, times: 2 },
      { order: 1004, times: 2 },
      { order: 1005, times: 2 },
    ]);
    expect(report.violations.find((v) => v.invariant === 'I3')).toEqual({
      invariant: 'I3',
      at: '02:07:50.002',
      message: 'order 1003 applied twice',
    });
  });
});

describe('S19 PostgreSQL advisory lock (designed from docs/model.md §5.6)', () => {
  it('a pause keeps it: no expiry, every poll denied, A finishes alone at 02:09:00', () => {
    const { report } = runPreset('s19a-advisory-pause-keeps-it');
    expect(report.grants).toEqual([{ replica: 'A', token: null, at: '02:00:00.002', until: '02:09:00.002' }]);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:09:00.000 done']);
    expect(report.writes.map((w) => `${w.replica} ${w.order} ${w.sentAt.slice(0, 8)}`)).toEqual([
      'A 1001 02:00:50',
      'A 1002 02:01:20',
      'A 1003 02:07:50',
      'A 1004 02:08:20',
      'A 1005 02:08:50',
    ]);
    expect(report.safe).toBe(true);
  });

  it('a killed session loses it while A runs on: C takes it at 02:01:40 and #1003-#1005 are applied twice', () => {
    const { report, trace } = runPreset('s19b-advisory-killed-session');
    expect(report.grants).toEqual([
      { replica: 'A', token: null, at: '02:00:00.002', until: '02:01:30.000' },
      { replica: 'C', token: null, at: '02:01:40.004', until: '02:03:40.004' },
    ]);
    expect(trace.grants[0]?.endReason).toBe('sessionEnded');
    expect(writeLines(report)).toEqual([
      'A 1001 t- 02:00:50.000 accepted',
      'A 1002 t- 02:01:20.000 accepted',
      'A 1003 t- 02:01:50.000 accepted',
      'A 1004 t- 02:02:20.000 accepted',
      'C 1003 t- 02:02:30.000 accepted',
      'A 1005 t- 02:02:50.000 accepted',
      'C 1004 t- 02:03:00.000 accepted',
      'C 1005 t- 02:03:30.000 accepted',
    ]);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1003, 1004, 1005]);
    // A's unlock from its new session matches nothing: C's session holds the lock.
    const unlocks = trace.entries.filter((e) => e.kind === 'sql' && e.statement.kind === 'advisoryUnlock');
    expect(unlocks.map((e) => (e.kind === 'sql' ? `${e.replica} ${e.note}` : ''))).toEqual(['A noop', 'C released']);
  });
});

describe('S10 Redis SET NX PX and a failover (docs/model.md §9)', () => {
  it('INCR hands out token 7 twice after the failover, and with fencing both token-7 runs apply everything', () => {
    const { report, trace } = runPreset('s10-redis-failover');
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at.slice(0, 8)}`)).toEqual([
      'A 7 02:00:00',
      'B 7 02:00:10',
    ]);
    // A's key was never replicated: the promotion at 02:00:05.500 ends A's grant.
    expect(report.grants[0]?.until).toBe('02:00:05.500');
    expect(trace.grants[0]?.endReason).toBe('failover');
    expect(report.violations.filter((v) => v.invariant === 'I5').map((v) => v.message)).toEqual([
      'B got token 7, not above the earlier token 7',
    ]);
    expect(report.doubleApplied).toEqual([1001, 1002, 1003, 1004, 1005].map((order) => ({ order, times: 2 })));
    expect(report.writes.every((w) => w.result === 'accepted' && w.token === 7)).toBe(true);
  });

  it('with the token from the database B gets 8, fences at 02:00:10, and A is stale at 02:00:50', () => {
    const { report } = runPreset('s10-redis-failover-db-token');
    expect(report.grants.map((g) => `${g.replica} ${g.token}`)).toEqual(['A 7', 'B 8']);
    expect(report.writes[0]).toMatchObject({
      replica: 'A',
      order: 1001,
      token: 7,
      sentAt: '02:00:50.000',
      result: 'stale',
    });
    expect(runLines(report)[0]).toBe('A t7 02:00:00.000-02:00:50.000 aborted');
    expect(report.safe).toBe(true);
    expect(report.doubleApplied).toEqual([]);
  });
});

describe('S11 a Redis clock jump expires the key early (designed from docs/model.md §5.4)', () => {
  it("the key expires when Redis's wall clock jumps and B takes the lock under A", () => {
    const { report } = runPreset('s11-redis-clock-jump');
    expect(report.grants).toEqual([
      { replica: 'A', token: null, at: '02:00:00.002', until: '02:01:00.000' },
      { replica: 'B', token: null, at: '02:01:10.003', until: '02:03:40.003' },
    ]);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1002, 1003, 1004, 1005]);
  });
});

describe('S12 leader dies (docs/model.md §9) and the lease presets designed from §5.3', () => {
  it('B leads at 116.4 s with leaseTransitions 5; C stays a candidate; B finishes the night', () => {
    const { report, trace } = runPreset('s12-leader-dies');
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'A 4 02:00:00.002',
      'B 5 02:01:56.403',
    ]);
    // A's term ends when its last renewal (02:01:40.002) plus leaseDuration falls due.
    expect(report.grants[0]?.until).toBe('02:01:55.002');
    expect(trace.grants.some((g) => g.replica === 'C')).toBe(false);
    expect(runLines(report)).toEqual(['A t4 02:00:00.000-02:01:41.000 crashed', 'B t5 02:02:00.400-02:04:00.400 done']);
    expect(report.safe).toBe(true);
  });

  it('a partitioned leader exits a retry period plus renewDeadline after its last renewal (02:00:28 + 2 s + 10 s), before B can take over at 02:00:44.4', () => {
    const { report, trace } = runPreset('s13a-partitioned-leader-exits');
    expect(report.grants.map((g) => `${g.replica} ${g.at} ${g.until}`)).toEqual([
      'A 02:00:00.002 02:00:40.000',
      'B 02:00:44.403 02:05:13.403',
    ]);
    expect(trace.entries.some((e) => e.kind === 'process' && e.node === 'A' && e.cause === 'exit')).toBe(true);
    expect(report.safe).toBe(true);
  });

  it('with onLockLost continue the partitioned leader keeps writing and orders are applied twice', () => {
    const { report } = runPreset('s13b-partitioned-leader-continues');
    expect(report.safe).toBe(false);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1002, 1003, 1004, 1005]);
  });

  it('a paused leader writes #1001 after losing the lease; the epoch token fences it out', () => {
    expect(runPreset('s14-paused-leader').report.doubleApplied).toEqual([{ order: 1001, times: 2 }]);
    const fenced = runPreset('s14-paused-leader-fenced').report;
    expect(fenced.writes.find((w) => w.replica === 'A' && w.order === 1001)).toMatchObject({
      token: 4,
      result: 'stale',
    });
    expect(fenced.safe).toBe(true);
  });
});

describe('S15 etcd lock (designed from docs/model.md §5.5, F15-F17)', () => {
  it('a paused holder loses its session; the next waiter holds with its revision; the old revision is fenced', () => {
    const { report, trace } = runPreset('s15-etcd-session-expires');
    expect(report.grants.map((g) => `${g.replica} ${g.token}`)).toEqual(['A 7', 'B 8', 'C 9']);
    expect(trace.grants[0]?.endReason).toBe('sessionEnded');
    expect(report.writes.find((w) => w.replica === 'A' && w.order === 1003)).toMatchObject({
      token: 7,
      result: 'stale',
    });
    expect(report.safe).toBe(true);
  });

  it('without the re-check after waiting (etcd 3.4.3), an expired waiter holds beside the rightful one', () => {
    const { report } = runPreset('s15b-etcd-no-recheck');
    expect(report.grants.slice(1).map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'B 8 02:01:53.325',
      'C 9 02:01:53.325',
    ]);
    expect(report.violations.some((v) => v.invariant === 'I1')).toBe(true);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1003, 1004, 1005]);
  });

  it('with the re-check, the expired waiter gives up and C alone finishes', () => {
    const { report, trace } = runPreset('s15c-etcd-recheck');
    expect(report.safe).toBe(true);
    expect(report.violations.some((v) => v.invariant === 'I1')).toBe(false);
    expect(trace.runs.find((r) => r.replica === 'B')?.outcome).toBe('skipped');
  });
});

describe('S16 outbox relay with SKIP LOCKED (docs/model.md §9)', () => {
  const byReplica = (id: string) => {
    const rows: Record<string, number[]> = {};
    for (const write of runPreset(id).report.writes) {
      const list = rows[write.replica] ?? [];
      list.push(write.order);
      rows[write.replica] = list;
    }
    return rows;
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  it('A gets 1-10, B 11-20, C 21-30; every row published once', () => {
    expect(byReplica('s16-outbox-skip-locked')).toEqual({ A: range(1, 10), B: range(11, 20), C: range(21, 30) });
    expect(runPreset('s16-outbox-skip-locked').report.safe).toBe(true);
  });

  it('B crashes after publishing 11-14; the rollback 5 s later frees 11-20 and A publishes 11-14 again', () => {
    const { report } = runPreset('s16-outbox-crash-before-commit');
    expect(byReplica('s16-outbox-crash-before-commit').B).toEqual([11, 12, 13, 14]);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([11, 12, 13, 14]);
    const again = report.writes.filter((w) => w.replica === 'A' && w.order === 11);
    expect(again.map((w) => w.sentAt.slice(0, 8))).toEqual(['02:00:06']);
    expect(report.violations.find((v) => v.invariant === 'I3')?.message).toBe('outbox row 11 published twice');
  });

  it('plain FOR UPDATE: B waits for A to commit; each row once', () => {
    const { report } = runPreset('s16-outbox-for-update');
    const firstOfB = report.writes.find((w) => w.replica === 'B');
    expect((firstOfB?.sentAt ?? '') > '02:00:00.500').toBe(true);
    expect(report.safe).toBe(true);
  });

  it('no row locks: all three relays publish every row', () => {
    expect(runPreset('s16-outbox-no-lock').report.doubleApplied).toHaveLength(30);
  });
});

describe('S17 digest and S18 cleanup (designed from docs/model.md §9 and EX01)', () => {
  it('claim then send: the unique record lets one replica send', () => {
    const { report } = runPreset('s17-digest-claim-then-send');
    expect(report.writes.map((w) => w.replica)).toEqual(['A']);
    expect(report.safe).toBe(true);
  });

  it('send then claim: all three send before anyone records', () => {
    const { report } = runPreset('s17-digest-send-then-claim');
    expect(report.writes.map((w) => w.replica)).toEqual(['A', 'B', 'C']);
    expect(report.violations.find((v) => v.invariant === 'I3')?.message).toBe('digest email sent 3 times');
  });

  it('cleanup: three replicas delete, each row goes once, later deletes match nothing', () => {
    const { report } = runPreset('s18-cleanup-idempotent');
    expect(report.writes.filter((w) => w.result === 'accepted')).toHaveLength(5);
    expect(report.writes.filter((w) => w.result === 'duplicate')).toHaveLength(10);
    expect(report.safe).toBe(true);
  });
});
