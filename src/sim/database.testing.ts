/**
 * Test fixtures for the database's statements: tonight's five adjustments, a scenario around a
 * storage configuration, and a recorder that keeps every statement run.
 */
import type { ResolvedScenario, ResolvedStorage } from '../model/resolvedScenario';
import type { RecordSql } from './database';
import { reconcileJob } from './reconcileJob.testing';
import type { SqlStatement } from './sqlStatement';
import type { SqlNote } from './trace';

/** Tonight's five adjustments (docs/model.md §3.3), in cents. */
export const TONIGHT_ITEMS = [
  { order: 1001, amountCents: 500 },
  { order: 1002, amountCents: -250 },
  { order: 1003, amountCents: 500 },
  { order: 1004, amountCents: 1200 },
  { order: 1005, amountCents: -100 },
];

/** A lockless reconciliation of tonight's items at 02:00 with `storage` (per-job fence, fence on acquire, token 6 otherwise). */
export function scenarioWithStorage(title: string, storage: Partial<ResolvedStorage>): ResolvedScenario {
  return {
    title,
    description: '',
    windowFromMs: 7_200_000,
    windowToMs: 7_800_000,
    replicas: [],
    job: reconcileJob(TONIGHT_ITEMS),
    lock: { kind: 'none' },
    storage: { fencing: 'job', fenceOnAcquire: true, uniqueKey: false, lastToken: 6, ...storage },
    events: [],
  };
}

export interface RecordedStatement {
  readonly statement: SqlStatement;
  readonly rows: number;
  readonly note: SqlNote;
}

/** A `RecordSql` and the statements it has recorded, in order. */
export function statementRecorder(): { record: RecordSql; log: RecordedStatement[] } {
  const log: RecordedStatement[] = [];
  return { log, record: (statement, rows, note) => log.push({ statement, rows, note }) };
}
