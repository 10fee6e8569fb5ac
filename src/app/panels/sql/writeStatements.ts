/**
 * The SQL one write stands for, rendered on demand (the trace keeps statements as data): the
 * `sql` entries of the message that carried the write. Pure.
 */
import { renderSql } from '../../../sim/sqlStatement';
import type { SqlNote, Trace } from '../../../sim/trace';

export interface SqlLine {
  readonly sql: string;
  /** Rows matched; null for BEGIN, COMMIT and ROLLBACK, where a count says nothing. */
  readonly rows: number | null;
  readonly note: SqlNote;
}

/** Pure: the statements of write `writeId`, in the order the database ran them. */
export function writeStatements(trace: Trace, writeId: number): SqlLine[] {
  const write = trace.writes[writeId];
  if (write === undefined || write.writeId !== writeId) return [];
  const messageId = write.messageId;
  const lines: SqlLine[] = [];
  for (const entry of trace.entries) {
    if (entry.kind !== 'sql' || entry.messageId !== messageId) continue;
    const { kind } = entry.statement;
    const rows = kind === 'begin' || kind === 'commit' || kind === 'rollback' ? null : entry.rows;
    lines.push({ sql: renderSql(entry.statement), rows, note: entry.note });
  }
  return lines;
}
