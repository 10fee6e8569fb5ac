/**
 * EX04 step by step: the statements the replicas sent to the orders database in a night
 * (fence, load, ledger insert, balance update, commit or rollback, marking the night done),
 * each with its values bound and the rows it matched, and for a fence update what the job did
 * next, read off the trace (a 0-row fence: the run's end and outcome). Lock-table statements
 * and the polls' due checks are left out: they are the lock's business, not storage's. Pure.
 */
import { renderSql, type SqlStatement } from '../../sim/sqlStatement';
import type { RunRecord, SqlNote, Trace } from '../../sim/trace';

const STORAGE_KINDS: ReadonlySet<SqlStatement['kind']> = new Set([
  'fenceJob',
  'fenceRow',
  'load',
  'insertLedger',
  'applyBalance',
  'markDone',
  'commit',
  'rollback',
]);

export interface StorageStatement {
  readonly atMs: number;
  readonly replica: string;
  readonly kind: SqlStatement['kind'];
  readonly sql: string;
  readonly rows: number;
  readonly note: SqlNote;
  /** The write this statement belongs to (`trace.writes[].writeId`), or null. */
  readonly writeId: number | null;
  /** For a fence update that matched 0 rows: the run it ended, as the trace has it. */
  readonly endedRun: RunRecord | null;
}

export function storageStatements(trace: Trace): StorageStatement[] {
  const writeOfMessage = new Map(trace.writes.map((write) => [write.messageId, write.writeId]));
  const statements: StorageStatement[] = [];
  for (const entry of trace.entries) {
    if (entry.kind !== 'sql' || entry.replica === null || !STORAGE_KINDS.has(entry.statement.kind)) continue;
    const fence = entry.statement.kind === 'fenceJob' || entry.statement.kind === 'fenceRow';
    const replica = entry.replica;
    const endedRun = fence && entry.rows === 0 ? runAt(trace, replica, entry.atMs) : null;
    statements.push({
      atMs: entry.atMs,
      replica,
      kind: entry.statement.kind,
      sql: renderSql(entry.statement),
      rows: entry.rows,
      note: entry.note,
      writeId: entry.messageId === null ? null : (writeOfMessage.get(entry.messageId) ?? null),
      endedRun,
    });
  }
  return statements;
}

/**
 * The run a statement at `atMs` belonged to: the replica's latest run that started by then. (A
 * run's end is the replica's instant of sending, a statement's time when the database ran it.)
 */
function runAt(trace: Trace, replica: string, atMs: number): RunRecord | null {
  let found: RunRecord | null = null;
  for (const run of trace.runs) {
    if (run.replica !== replica || run.outcome === 'skipped' || run.startMs > atMs) continue;
    if (found === null || run.startMs >= found.startMs) found = run;
  }
  return found;
}
