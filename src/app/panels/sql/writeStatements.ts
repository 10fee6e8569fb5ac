/**
 * The SQL one write stands for, rendered on demand (the trace keeps statements as data). A
 * `WriteRecord` does not carry the message it came in, so the message is read off the
 * statements logged just before the write's own `write` entry: storage logs a write's
 * statements, then the write (sim/requestExecution.ts). Pure.
 */
import { renderSql } from '../../../sim/sqlStatement';
import type { SqlNote, Trace } from '../../../sim/trace';

export interface SqlLine {
  readonly sql: string;
  /** Rows matched; null for COMMIT and ROLLBACK, where a count says nothing. */
  readonly rows: number | null;
  readonly note: SqlNote;
}

/** Pure: the statements of write `writeId`, in the order the database ran them. */
export function writeStatements(trace: Trace, writeId: number): SqlLine[] {
  const write = trace.writes[writeId];
  if (write === undefined || write.writeId !== writeId) return [];
  const writeIndex = trace.entries.findIndex((entry) => entry.kind === 'write' && entry.writeId === writeId);
  let messageId: number | null = null;
  for (let index = writeIndex - 1; index >= 0 && messageId === null; index -= 1) {
    const entry = trace.entries[index];
    if (entry === undefined || entry.atMs !== write.atMs) break;
    if (entry.kind === 'sql' && entry.replica === write.replica) messageId = entry.messageId;
  }
  if (messageId === null) return [];
  const lines: SqlLine[] = [];
  for (const entry of trace.entries) {
    if (entry.kind !== 'sql' || entry.messageId !== messageId) continue;
    const { kind } = entry.statement;
    const rows = kind === 'commit' || kind === 'rollback' ? null : entry.rows;
    lines.push({ sql: renderSql(entry.statement), rows, note: entry.note });
  }
  return lines;
}
