/**
 * The advisory lock service driven through a small fake context: a real `Database`, an array
 * of grants, and recorders for the log, the SQL and the schedule, without building a night.
 */
import { describe, expect, it } from 'vitest';
import type { ResolvedScenario } from '../../../model/resolvedScenario';
import type { AgendaItem } from '../../agenda';
import { newDatabase, type RecordSql } from '../../database';
import { reconcileJob } from '../../reconcileJob.testing';
import { renewSession } from '../../replicaProcess';
import type { SqlStatement } from '../../sqlStatement';
import type { GrantRecord, SqlNote } from '../../trace';
import { SESSION_DETECT_MS } from './advisoryProvider';
import { type AdvisoryContext, type AdvisoryProcess, advisoryService } from './advisoryService';

const LOCK = { kind: 'advisory' } as const;

const SCENARIO: ResolvedScenario = {
  title: 'advisory service test',
  description: '',
  windowFromMs: 7_200_000,
  windowToMs: 7_800_000,
  replicas: [],
  job: reconcileJob([{ order: 1001, amountCents: 500 }]),
  lock: LOCK,
  storage: { fencing: 'off', fenceOnAcquire: false, uniqueKey: false, lastToken: 6 },
  events: [],
};

interface FakeNight {
  readonly ctx: AdvisoryContext;
  readonly a: AdvisoryProcess;
  readonly b: AdvisoryProcess;
  readonly sql: { readonly statement: SqlStatement; readonly rows: number; readonly note: SqlNote }[];
  readonly logged: { readonly node: string; readonly kind: string }[];
  readonly scheduled: { readonly atMs: number; readonly item: AgendaItem }[];
  readonly record: RecordSql;
  readonly at: (nowMs: number) => void;
}

function fakeNight(): FakeNight {
  const sql: FakeNight['sql'] = [];
  const logged: FakeNight['logged'] = [];
  const scheduled: FakeNight['scheduled'] = [];
  const record: RecordSql = (statement, rows, note) => sql.push({ statement, rows, note });
  // Sessions are named as `ReplicaProcess` names them: `<id>#<sessionEpoch>` (`renewSession`).
  const processOf = (id: string, index: number): AdvisoryProcess => ({
    id,
    index,
    sessionEpoch: 0,
    session: `${id}#0`,
  });
  const a = processOf('a', 0);
  const b = processOf('b', 1);
  const grants: GrantRecord[] = [];
  const ctx: AdvisoryContext = {
    db: newDatabase(SCENARIO),
    grants,
    rowGrantId: null,
    nowMs: 7_200_000,
    processes: [a, b],
    log: (node, body) => logged.push({ node, kind: body.kind }),
    changeGrant: (grant, change) => {
      const next = { ...grant, ...change };
      grants[grant.grantId] = next;
      return next;
    },
    schedule: (atMs, _eventClass, _replicaIndex, item) => scheduled.push({ atMs, item }),
    sqlRecorder: () => record,
  };
  const at = (nowMs: number): void => {
    (ctx as { nowMs: number }).nowMs = nowMs;
  };
  return { ctx, a, b, sql, logged, scheduled, record, at };
}

describe('advisory lock service', () => {
  it('grants one session, denies the other, and records one grant without expiry or token', () => {
    const { ctx, a, b, sql, logged, record } = fakeNight();
    expect(advisoryService.acquire(ctx, a, LOCK, 0, record)).toEqual({ type: 'GRANTED', token: null });
    expect(advisoryService.acquire(ctx, b, LOCK, 0, record)).toEqual({ type: 'DENIED' });
    expect(ctx.grants).toHaveLength(1);
    expect(ctx.grants[0]).toMatchObject({ replica: 'a', token: null, expires: false, clockNode: 'db', endMs: null });
    expect(ctx.rowGrantId).toBe(0);
    expect(logged).toEqual([{ node: 'db', kind: 'grant' }]);
    expect(sql.map(({ note }) => note)).toEqual(['granted', 'denied']);
  });

  it('treats a re-entrant acquire by the holding session as the same grant', () => {
    const { ctx, a, record } = fakeNight();
    advisoryService.acquire(ctx, a, LOCK, 0, record);
    expect(advisoryService.acquire(ctx, a, LOCK, 0, record)).toEqual({ type: 'GRANTED', token: null });
    expect(ctx.grants).toHaveLength(1);
  });

  it('answers the holder check by session and ends the grant on release', () => {
    const { ctx, a, b, record, at } = fakeNight();
    advisoryService.acquire(ctx, a, LOCK, 0, record);
    expect(advisoryService.isHolder(ctx, a, LOCK, 0, record)).toBe(true);
    expect(advisoryService.isHolder(ctx, b, LOCK, 0, record)).toBe(false);
    at(7_260_000);
    expect(advisoryService.release(ctx, b, LOCK, 0, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]?.endMs).toBeNull();
    expect(advisoryService.release(ctx, a, LOCK, 0, record)).toEqual({ type: 'RELEASED' });
    expect(ctx.grants[0]).toMatchObject({ endMs: 7_260_000, endReason: 'released' });
    expect(ctx.db.advisoryHolder).toBeNull();
  });

  it('forces the lock free by ending the holder’s session, which the holder reconnects from', () => {
    const { ctx, a, b, record, at } = fakeNight();
    advisoryService.acquire(ctx, a, LOCK, 0, record);
    at(7_300_000);
    advisoryService.forceExpire(ctx, LOCK);
    expect(ctx.grants[0]).toMatchObject({ endMs: 7_300_000, endReason: 'sessionEnded' });
    expect(a.session).toBe('a#1');
    expect(b.session).toBe('b#0');
    expect(advisoryService.acquire(ctx, b, LOCK, 0, record)).toEqual({ type: 'GRANTED', token: null });
  });

  it('forces free a lock still held by the session of a process that is gone', () => {
    const { ctx, a, record, at } = fakeNight();
    advisoryService.acquire(ctx, a, LOCK, 0, record);
    // The process crashed and reconnected: its old session still holds the lock.
    renewSession(a);
    at(7_400_000);
    advisoryService.forceExpire(ctx, LOCK);
    expect(ctx.grants[0]).toMatchObject({ endMs: 7_400_000, endReason: 'sessionEnded' });
    expect(a.sessionEpoch).toBe(1);
    expect(ctx.db.advisoryHolder).toBeNull();
  });

  it('schedules the server’s discovery of a dead session when a replica goes down, which ends its lock', () => {
    const { ctx, a, b, record, scheduled, at } = fakeNight();
    advisoryService.acquire(ctx, b, LOCK, 0, record);
    at(7_500_000);
    advisoryService.replicaDown(ctx, b, LOCK);
    const death = { kind: 'sessionDeath', replica: 1, session: 'b#0' } as const;
    expect(scheduled).toEqual([{ atMs: 7_500_000 + SESSION_DETECT_MS, item: { kind: 'service', payload: death } }]);
    // Until the server notices, the dead session still holds the lock.
    expect(advisoryService.acquire(ctx, a, LOCK, 0, record)).toEqual({ type: 'DENIED' });
    at(7_500_000 + SESSION_DETECT_MS);
    expect(advisoryService.handle(ctx, death, LOCK)).toBeNull();
    expect(ctx.grants[0]).toMatchObject({ endMs: 7_500_000 + SESSION_DETECT_MS, endReason: 'sessionEnded' });
    expect(advisoryService.acquire(ctx, a, LOCK, 0, record)).toEqual({ type: 'GRANTED', token: null });
  });

  it('ends the killed session’s lock, and the holder reconnects with a new session', () => {
    const { ctx, a, record, sql, at } = fakeNight();
    advisoryService.acquire(ctx, a, LOCK, 0, record);
    at(7_300_000);
    advisoryService.killSession(ctx, a, LOCK);
    expect(a.session).toBe('a#1');
    expect(sql.at(-1)).toMatchObject({ statement: { kind: 'terminateSession', session: 'a#0' }, note: 'expired' });
    expect(ctx.grants[0]).toMatchObject({ endMs: 7_300_000, endReason: 'sessionEnded' });
    expect(ctx.db.advisoryHolder).toBeNull();
  });
});
