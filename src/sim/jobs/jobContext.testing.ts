/**
 * Test fixture: a small fake `JobContext` (a real `Database`, replicas as name, index and
 * session, and recorders for the SQL, the log and the schedule), so a job is driven without
 * building a night.
 */
import type { ResolvedJob, ResolvedScenario } from '../../model/resolvedScenario';
import type { AgendaItem } from '../agenda';
import { newDatabase, type RecordSql } from '../database';
import type { PendingReply } from '../pendingReply';
import { reconcileJob } from '../reconcileJob.testing';
import type { SqlStatement } from '../sqlStatement';
import type { SqlNote } from '../trace';
import type { JobContext, JobProcess } from './job';

export const ITEMS = [
  { order: 11, amountCents: 0 },
  { order: 12, amountCents: 0 },
  { order: 13, amountCents: 0 },
];

export interface FakeNight {
  readonly ctx: JobContext;
  readonly a: JobProcess;
  readonly b: JobProcess;
  /** Every statement recorded, with the session and message it ran for. */
  readonly sql: {
    readonly session: string | null;
    readonly messageId: number | null;
    readonly statement: SqlStatement;
    readonly rows: number;
    readonly note: SqlNote;
  }[];
  readonly logged: { readonly node: string; readonly body: Record<string, unknown> }[];
  readonly scheduled: {
    readonly atMs: number;
    readonly eventClass: number;
    readonly replicaIndex: number;
    readonly item: AgendaItem;
  }[];
  /** The recorder of a statement run for `process`'s message 1 (what the kernel passes a job). */
  readonly record: (process: JobProcess) => RecordSql;
  readonly at: (nowMs: number) => void;
  /** An owed reply to `process`'s LOAD (message `messageId`). */
  readonly loadRequest: (process: JobProcess, messageId?: number) => PendingReply;
}

export function fakeNight(job: Partial<ResolvedJob>, storage: Partial<ResolvedScenario['storage']> = {}): FakeNight {
  const scenario: ResolvedScenario = {
    title: 'job test',
    description: '',
    windowFromMs: 7_200_000,
    windowToMs: 7_800_000,
    replicas: [],
    job: { ...reconcileJob(ITEMS), ...job },
    lock: { kind: 'none' },
    storage: { fencing: 'off', fenceOnAcquire: false, uniqueKey: false, lastToken: 6, ...storage },
    events: [],
  };
  const sql: FakeNight['sql'] = [];
  const logged: FakeNight['logged'] = [];
  const scheduled: FakeNight['scheduled'] = [];
  const a: JobProcess = { id: 'A', index: 0, session: 'A#0' };
  const b: JobProcess = { id: 'B', index: 1, session: 'B#0' };
  const recorderFor =
    (process: Pick<JobProcess, 'session'> | null, messageId: number | null): RecordSql =>
    (statement, rows, note) =>
      sql.push({ session: process?.session ?? null, messageId, statement, rows, note });
  const ctx: JobContext = {
    scenario,
    db: newDatabase(scenario),
    nowMs: 7_200_000,
    processes: [a, b],
    log: (node, body) => logged.push({ node, body: body as unknown as Record<string, unknown> }),
    schedule: (atMs, eventClass, replicaIndex, item) => scheduled.push({ atMs, eventClass, replicaIndex, item }),
    sqlRecorder: recorderFor,
  };
  const at = (nowMs: number): void => {
    (ctx as { nowMs: number }).nowMs = nowMs;
  };
  const loadRequest = (process: JobProcess, messageId = 1): PendingReply => ({
    request: {
      kind: 'request',
      replica: process.index,
      incarnation: 0,
      messageId,
      request: { kind: 'load' },
      sentInstantMs: ctx.nowMs,
      extraMs: 0,
    },
    arrivedMs: ctx.nowMs,
  });
  return { ctx, a, b, sql, logged, scheduled, record: (process) => recorderFor(process, 1), at, loadRequest };
}
