/**
 * The presets designed from docs/model.md §9 "Further presets to design" (S05, S06, S08, S09, S20,
 * S21, S22), asserted fact by fact. Each night was worked out by hand from §2-§8 before the
 * engine ran it: the job takes load 20 s, 30 s per item, mark done 10 s unless a preset says
 * otherwise; a statement reaches the database 2, 3, 4 ms after A, B, C send it, and a chain of
 * statements with no work between them runs at one instant.
 */
import { describe, expect, it } from 'vitest';
import { runLines, runPreset, writeLines } from './runPreset';

/** Invariant ids of a report's violations, in report order. */
function invariants(id: string): string[] {
  return runPreset(id).report.violations.map((v) => v.invariant);
}

describe('S05 short job and trigger skew (EX05: lockAtLeastFor)', () => {
  // A's 35-second run: load 5 s, five items of 5 s each, mark done 5 s.
  const aWrites = ['02:00:10', '02:00:15', '02:00:20', '02:00:25', '02:00:30'].map(
    (sentAt, index) => `A ${1001 + index} t- ${sentAt}.000 accepted`,
  );

  it("C's clock is 2 minutes behind: it fires at 02:02:00, after A released, and runs the night again", () => {
    const { report } = runPreset('s05-short-job-clock-skew');
    // Unlock with lockAtLeastFor 0s sets lock_until = max(now, locked_at) = now.
    expect(report.grants).toEqual([
      { replica: 'A', token: null, at: '02:00:00.002', until: '02:00:35.002' },
      { replica: 'C', token: null, at: '02:02:00.004', until: '02:02:10.004' },
    ]);
    expect(writeLines(report)).toEqual(aWrites);
    // The second run loads nothing (every item has a ledger row) and only marks the night done.
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:00:35.000 done', 'C t- 02:02:00.000-02:02:10.000 done']);
    expect(report.safe).toBe(true);
    expect(report.violations.map((v) => [v.invariant, v.message])).toEqual([
      [
        'I7',
        'lockAtLeastFor (0s) is below the clock skew between replicas (2m): a replica whose clock is behind can run the night again',
      ],
    ]);
  });

  it('lockAtLeastFor 5m keeps the lock until 02:05:00.002, so C is denied at 02:02:00', () => {
    const { report } = runPreset('s05-atleast-covers-skew');
    expect(report.grants).toEqual([{ replica: 'A', token: null, at: '02:00:00.002', until: '02:05:00.002' }]);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:00:35.000 done']);
    const c = report.runs.find((run) => run.replica === 'C');
    expect(c).toMatchObject({ start: '02:02:00.000', outcome: 'skipped' });
    expect(report.violations).toEqual([]);
  });

  it('a done-for-date record stops C without a lock, whatever the skew', () => {
    const { report, trace } = runPreset('s05-done-for-date');
    expect(report.grants).toHaveLength(1);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:00:35.000 done']);
    const c = trace.runs.find((run) => run.replica === 'C');
    expect(c?.reason).toBe('alreadyDone');
    expect(writeLines(report)).toEqual(aWrites);
    expect(invariants('s05-done-for-date')).toEqual(['I7']);
  });
});

describe('S06 app-time ShedLock and a clock stepped ahead (ShedLock issue #231)', () => {
  it("C's clock jumps 5 minutes at 02:01:00; C reads now = 02:06:00 and takes A's lock", () => {
    const { report, trace } = runPreset('s06-app-time-fast-clock');
    // A's lock_until is 02:05:00.000 on A's clock (app time: the sending instant's reading).
    expect(report.grants).toEqual([
      { replica: 'A', token: null, at: '02:00:00.002', until: '02:05:00.000' },
      { replica: 'C', token: null, at: '02:01:00.004', until: '02:03:30.000' },
    ]);
    const acquire = trace.entries.find(
      (e) => e.kind === 'sql' && e.statement.kind === 'acquire' && e.replica === 'C' && e.rows === 1,
    );
    // C's statement compares against its own reading, 02:06:00.000, not the database's clock.
    expect(acquire?.kind === 'sql' && acquire.statement.kind === 'acquire' ? acquire.statement.nowMs : null).toBe(
      (2 * 3600 + 6 * 60) * 1000,
    );
    // C loads at 02:01:00 after A's #1001 (02:00:50): #1002-#1005, written 30 s apart from 02:01:50.
    expect(writeLines(report)).toEqual([
      'A 1001 t- 02:00:50.000 accepted',
      'A 1002 t- 02:01:20.000 accepted',
      'A 1003 t- 02:01:50.000 accepted',
      'C 1002 t- 02:01:50.000 accepted',
      'A 1004 t- 02:02:20.000 accepted',
      'C 1003 t- 02:02:20.000 accepted',
      'A 1005 t- 02:02:50.000 accepted',
      'C 1004 t- 02:02:50.000 accepted',
      'C 1005 t- 02:03:20.000 accepted',
    ]);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:03:00.000 done', 'C t- 02:01:00.000-02:03:30.000 done']);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1002, 1003, 1004, 1005]);
    // I1 judges each grant by the clock that computed its expiry: A's ran to 02:05:00, C's
    // (released) to 02:03:30, so they overlap from 02:01:00.004 for 2m29.996s.
    expect(report.violations.map((v) => `${v.invariant} ${v.at}`)).toEqual([
      'I1 02:01:00.004',
      'I2 02:01:00.004',
      'I3 02:01:50.004',
      'I3 02:02:20.004',
      'I3 02:02:50.004',
      'I3 02:03:20.004',
    ]);
    expect(report.violations[0]?.message).toContain('2m29s996ms');
  });

  it('with DB time the same step changes nothing: C is denied, then finds the night done', () => {
    const { report, trace } = runPreset('s06-db-time');
    // A releases at 02:03:00, sent at 02:03:00.000 and run at the database 2 ms later.
    expect(report.grants).toEqual([{ replica: 'A', token: null, at: '02:00:00.002', until: '02:03:00.002' }]);
    expect(runLines(report)).toEqual(['A t- 02:00:00.000-02:03:00.000 done']);
    expect(report.safe).toBe(true);
    expect(report.violations).toEqual([]);
    const cRuns = trace.runs.filter((run) => run.replica === 'C').map((run) => run.reason);
    expect(cRuns).toContain('locked');
    expect(cRuns.at(-1)).toBe('alreadyDone');
  });
});

describe('S08 check, then write (Q6: the check must live in the resource)', () => {
  const bWrites = [
    'B 1003 t8 02:06:00.000 accepted',
    'B 1004 t8 02:06:30.000 accepted',
    'B 1005 t8 02:07:00.000 accepted',
  ];

  it("A's holder check at 02:01:50 passes, the pause falls before the write, and #1003 is applied twice", () => {
    const { report, trace } = runPreset('s08-check-then-write');
    expect(report.grants).toEqual([
      { replica: 'A', token: 7, at: '02:00:00.002', until: '02:05:00.002' },
      { replica: 'B', token: 8, at: '02:05:10.003', until: '02:07:10.003' },
    ]);
    const checks = trace.entries.flatMap((e) =>
      e.kind === 'sql' && e.statement.kind === 'readLock' ? [`${e.replica} ${e.note}`] : [],
    );
    // Before #1001, #1002, #1003: holder; before #1004, after the takeover: not.
    expect(checks).toEqual(['A holder', 'A holder', 'A holder', 'A notHolder']);
    // The pause starts once the check's answer is in, at the database's instant 02:01:50.002,
    // so the write it had already decided on leaves 6 minutes later.
    expect(writeLines(report)).toEqual([
      'A 1001 t7 02:00:50.000 accepted',
      'A 1002 t7 02:01:20.000 accepted',
      ...bWrites,
      'A 1003 t7 02:07:50.002 accepted',
    ]);
    // Its next check (after 30 s of computing #1004) finds B's row: A aborts, too late.
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:08:20.002 aborted', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.doubleApplied).toEqual([{ order: 1003, times: 2 }]);
    expect(invariants('s08-check-then-write')).toEqual(['I2', 'I3', 'I4']);
  });

  it('fenced in the storage, the same write is stale and A aborts at once', () => {
    const { report } = runPreset('s08-check-then-write-fenced');
    expect(writeLines(report).at(-1)).toBe('A 1003 t7 02:07:50.002 stale');
    expect(report.writes.at(-1)?.at).toBe('02:07:50.004');
    expect(runLines(report)[0]).toBe('A t7 02:00:00.000-02:07:50.002 aborted');
    expect(report.safe).toBe(true);
    expect(report.doubleApplied).toEqual([]);
  });
});

describe('S09 a write delayed in the network past the lease (DDIA fig. 9-5)', () => {
  it("A's #1003, sent at 02:01:50, arrives at 02:06:50 after B's token-8 run applied it", () => {
    const { report, trace } = runPreset('s09-delayed-write');
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'A 7 02:00:00.002',
      'B 8 02:05:10.003',
    ]);
    expect(writeLines(report)).toEqual([
      'A 1001 t7 02:00:50.000 accepted',
      'A 1002 t7 02:01:20.000 accepted',
      'B 1003 t8 02:06:00.000 accepted',
      'B 1004 t8 02:06:30.000 accepted',
      'A 1003 t7 02:01:50.000 accepted',
      'B 1005 t8 02:07:00.000 accepted',
      // A saw the reply at 02:06:50 and carries on from there.
      'A 1004 t7 02:07:20.000 accepted',
      'A 1005 t7 02:07:50.000 accepted',
    ]);
    expect(report.writes.find((w) => w.replica === 'A' && w.order === 1003)?.at).toBe('02:06:50.002');
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:08:00.000 done', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1003, 1004, 1005]);
    // A was never paused: the danger is the packet, not the process.
    expect(trace.entries.some((e) => e.kind === 'process')).toBe(false);
  });

  it('fenced: the late packet meets fence 8 and is stale; A aborts at 02:06:50', () => {
    const { report } = runPreset('s09-delayed-write-fenced');
    expect(report.writes.filter((w) => w.result === 'stale')).toEqual([
      { replica: 'A', order: 1003, token: 7, sentAt: '02:01:50.000', at: '02:06:50.002', result: 'stale' },
    ]);
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:06:50.000 aborted', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.safe).toBe(true);
  });
});

describe('S20 token minted outside the grant', () => {
  it('the paused A draws token 8 after B drew 7: B is fenced out and #1001 is applied twice', () => {
    const { report, trace } = runPreset('s20-token-after-load');
    // A pauses 02:00:10-02:06:10 with 10 s of loading left; B loads 02:05:10-02:05:30 and mints 7.
    const mints = trace.entries.flatMap((e) => (e.kind === 'tokenMinted' ? [`${e.replica} ${e.token}`] : []));
    expect(mints).toEqual(['B 7', 'A 8', 'C 9']);
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'A 8 02:00:00.002',
      'B 7 02:05:10.003',
      // B aborted and released at 02:06:30; C's poll at 02:06:40 takes the lock.
      'C 9 02:06:40.004',
    ]);
    expect(writeLines(report)).toEqual([
      'B 1001 t7 02:06:00.000 accepted',
      // A fenced with 8 at 02:06:20.
      'B 1002 t7 02:06:30.000 stale',
      'A 1001 t8 02:06:50.000 accepted',
      // C fenced with 9 at 02:07:00, after its 20 s load.
      'A 1002 t8 02:07:20.000 stale',
      'C 1002 t9 02:07:30.000 accepted',
      'C 1003 t9 02:08:00.000 accepted',
      'C 1004 t9 02:08:30.000 accepted',
      'C 1005 t9 02:09:00.000 accepted',
    ]);
    expect(runLines(report)).toEqual([
      'A t8 02:00:00.000-02:07:20.000 aborted',
      'B t7 02:05:10.000-02:06:30.000 aborted',
      'C t9 02:06:40.000-02:09:10.000 done',
    ]);
    expect(report.doubleApplied).toEqual([{ order: 1001, times: 2 }]);
    // I5: B's grant came after A's but carries the lower token.
    expect(report.violations.find((v) => v.invariant === 'I5')?.message).toBe(
      'B got token 7, not above the earlier token 8',
    );
  });

  it('minted in the grant, A keeps 7, B fences with 8 at once and A is stale at 02:06:50', () => {
    const { report } = runPreset('s20-token-in-grant');
    expect(report.grants.map((g) => `${g.replica} ${g.token}`)).toEqual(['A 7', 'B 8']);
    expect(writeLines(report)).toEqual([
      'B 1001 t8 02:06:00.000 accepted',
      'B 1002 t8 02:06:30.000 accepted',
      'A 1001 t7 02:06:50.000 stale',
      'B 1003 t8 02:07:00.000 accepted',
      'B 1004 t8 02:07:30.000 accepted',
      'B 1005 t8 02:08:00.000 accepted',
    ]);
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:06:50.000 aborted', 'B t8 02:05:10.000-02:08:10.000 done']);
    expect(report.safe).toBe(true);
  });
});

describe('S21 fence granularity', () => {
  // A pauses 02:01:30-02:05:30 with 20 s of #1003 left; B holds token 8 from 02:05:10.003.
  it('per-row fencing: each of #1003-#1005 meets row token 6 before B writes it; all three doubled', () => {
    const { report } = runPreset('s21a-per-row-fencing');
    expect(writeLines(report).slice(2)).toEqual([
      'A 1003 t7 02:05:50.000 accepted',
      'B 1003 t8 02:06:00.000 accepted',
      'A 1004 t7 02:06:20.000 accepted',
      'B 1004 t8 02:06:30.000 accepted',
      'A 1005 t7 02:06:50.000 accepted',
      'B 1005 t8 02:07:00.000 accepted',
    ]);
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:07:00.000 done', 'B t8 02:05:10.000-02:07:10.000 done']);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1003, 1004, 1005]);
    // I4 sees token 7 accepted after 8 only once B has written somewhere: from #1004 on.
    expect(report.violations.filter((v) => v.invariant === 'I4').map((v) => v.at)).toEqual([
      '02:06:20.002',
      '02:06:50.002',
    ]);
  });

  it('no fence-on-acquire: A slips #1003 in before B first writes; from then on A is stale', () => {
    const { report } = runPreset('s21b-no-fence-on-acquire');
    expect(writeLines(report).slice(2)).toEqual([
      'A 1003 t7 02:05:50.000 accepted',
      'B 1003 t8 02:06:00.000 accepted',
      'A 1004 t7 02:06:20.000 stale',
      'B 1004 t8 02:06:30.000 accepted',
      'B 1005 t8 02:07:00.000 accepted',
    ]);
    expect(runLines(report)[0]).toBe('A t7 02:00:00.000-02:06:20.000 aborted');
    expect(report.doubleApplied).toEqual([{ order: 1003, times: 2 }]);
    expect(report.safe).toBe(false);
  });

  it('the full fix: B fences 7 to 8 at 02:05:10.003 and A is stale at its first write', () => {
    const { report, trace } = runPreset('s21-full-fence');
    const fences = trace.entries.flatMap((e) =>
      e.kind === 'sql' && e.statement.kind === 'fenceJob' && e.replica === 'B' ? [e.atMs] : [],
    );
    expect(fences[0]).toBe((2 * 3600 + 5 * 60 + 10) * 1000 + 3);
    expect(writeLines(report).slice(2)).toEqual([
      'A 1003 t7 02:05:50.000 stale',
      'B 1003 t8 02:06:00.000 accepted',
      'B 1004 t8 02:06:30.000 accepted',
      'B 1005 t8 02:07:00.000 accepted',
    ]);
    expect(report.safe).toBe(true);
    expect(invariants('s21-full-fence')).toEqual(['I2']);
  });
});

describe('S22 ShedLock KeepAlive with a starved renewer', () => {
  it('extends at 02:00:30 and 02:01:00, misses 02:01:30, stops at 02:02:30; A runs on', () => {
    const { report, trace } = runPreset('s22-keepalive-starved');
    const extends_ = trace.entries.flatMap((e) =>
      e.kind === 'sql' && e.statement.kind === 'extend' ? [`${e.replica} ${e.statement.untilMs} ${e.note}`] : [],
    );
    const at = (m: number, s: number, ms: number) => (2 * 3600 + m * 60 + s) * 1000 + ms;
    expect(extends_.slice(0, 2)).toEqual([`A ${at(1, 30, 2)} extended`, `A ${at(2, 0, 2)} extended`]);
    const aKeepAlive = trace.entries.flatMap((e) =>
      e.kind === 'keepAlive' && e.node === 'A' ? [`${e.atMs} ${e.outcome}`] : [],
    );
    expect(aKeepAlive).toEqual([
      `${at(0, 30, 2)} extended`,
      `${at(1, 0, 2)} extended`,
      `${at(1, 30, 0)} deferred`,
      `${at(2, 30, 0)} stopped`,
    ]);
    expect(report.grants).toEqual([
      { replica: 'A', token: 7, at: '02:00:00.002', until: '02:02:00.002' },
      { replica: 'B', token: 8, at: '02:02:10.003', until: '02:03:40.003' },
    ]);
    // B loads at 02:02:10 after A's #1003 (02:01:50): #1004 and #1005.
    expect(writeLines(report).slice(3)).toEqual([
      'A 1004 t7 02:02:20.000 accepted',
      'A 1005 t7 02:02:50.000 accepted',
      'B 1004 t8 02:03:00.000 accepted',
      'B 1005 t8 02:03:30.000 accepted',
    ]);
    // ShedLock never interrupts the task: A finishes its run.
    expect(runLines(report)).toEqual(['A t7 02:00:00.000-02:03:00.000 done', 'B t8 02:02:10.000-02:03:40.000 done']);
    expect(report.doubleApplied.map((d) => d.order)).toEqual([1004, 1005]);
    expect(invariants('s22-keepalive-starved')).toEqual(['I7', 'I2', 'I3', 'I3']);
  });

  it('fenced: A is stale at #1004 (02:02:20) and aborts; B applies #1004 and #1005 once', () => {
    const { report } = runPreset('s22-keepalive-starved-fenced');
    expect(writeLines(report).slice(3)).toEqual([
      'A 1004 t7 02:02:20.000 stale',
      'B 1004 t8 02:03:00.000 accepted',
      'B 1005 t8 02:03:30.000 accepted',
    ]);
    expect(runLines(report)[0]).toBe('A t7 02:00:00.000-02:02:20.000 aborted');
    expect(report.safe).toBe(true);
  });
});

describe('S10 with an idempotency key (EX06: the payout table)', () => {
  it('both token-7 holders run everything; every second write of an item is a duplicate', () => {
    const { report } = runPreset('s10-redis-failover-unique-key');
    expect(report.grants.map((g) => `${g.replica} ${g.token} ${g.at}`)).toEqual([
      'A 7 02:00:00.002',
      'B 7 02:00:10.003',
    ]);
    // B loads at 02:00:10, before A's first write: all five, each written 10 s after A's.
    expect(writeLines(report)).toEqual(
      [1001, 1002, 1003, 1004, 1005].flatMap((order, index) => {
        const aSecond = 50 + 30 * index;
        const time = (s: number) => `02:0${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}.000`;
        return [`A ${order} t7 ${time(aSecond)} accepted`, `B ${order} t7 ${time(aSecond + 10)} duplicate`];
      }),
    );
    expect(report.safe).toBe(true);
    expect(invariants('s10-redis-failover-unique-key')).toEqual(['I2', 'I5']);
  });
});
