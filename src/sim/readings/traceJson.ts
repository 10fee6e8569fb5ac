/**
 * The full trace as JSON (`leaseline trace FILE --json`): every entry in order with its true
 * time, node and the node's own clock; a statement with its kind, bound values, the service it
 * went to, the text the app shows, the rows it matched and its outcome. This is what the
 * replay on a real PostgreSQL reads (tests/replay). Pure.
 */
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { renderSql, type SqlStatement, statementTarget } from '../sqlStatement';
import type { Trace, TraceEntry } from '../trace';
import { describeViolation } from './describeViolation';

export interface TraceJson {
  readonly format: 'leaseline/trace';
  readonly version: 1;
  readonly window: { readonly from: string; readonly to: string };
  readonly replicas: readonly string[];
  readonly entries: readonly TraceJsonEntry[];
  readonly violations: readonly { readonly invariant: string; readonly at: string; readonly message: string }[];
  /** Set when the night hit the engine's step budget and stopped early. */
  readonly truncatedAt: string | null;
}

export type TraceJsonEntry = {
  readonly at: string;
  readonly node: string;
  readonly local: string;
  readonly kind: TraceEntry['kind'];
} & Readonly<Record<string, unknown>>;

export interface TraceJsonStatement {
  readonly kind: SqlStatement['kind'];
  readonly target: ReturnType<typeof statementTarget>;
  /** The statement's bound values (everything but its kind). */
  readonly values: Readonly<Record<string, unknown>>;
  readonly sql: string;
}

export function traceJson(trace: Trace): TraceJson {
  return {
    format: 'leaseline/trace',
    version: 1,
    window: { from: formatTimeOfNightMs(trace.windowFromMs), to: formatTimeOfNightMs(trace.windowToMs) },
    replicas: trace.replicaIds,
    entries: trace.entries.map(entryJson),
    violations: trace.violations.map((violation) => ({
      invariant: violation.invariant,
      at: formatTimeOfNightMs(violation.atMs),
      message: describeViolation(violation.message),
    })),
    truncatedAt: trace.truncatedAtMs === null ? null : formatTimeOfNightMs(trace.truncatedAtMs),
  };
}

export function statementJson(statement: SqlStatement): TraceJsonStatement {
  const { kind, ...values } = statement;
  return { kind, target: statementTarget(kind), values, sql: renderSql(statement) };
}

function entryJson(entry: TraceEntry): TraceJsonEntry {
  const { atMs, localMs, node, kind, ...rest } = entry;
  const head = { at: formatTimeOfNightMs(atMs), node, local: formatTimeOfNightMs(localMs), kind };
  if (entry.kind === 'sql') {
    return {
      ...head,
      replica: entry.replica,
      session: entry.session,
      messageId: entry.messageId,
      statement: statementJson(entry.statement),
      rows: entry.rows,
      outcome: entry.note,
    };
  }
  if (entry.kind === 'sqlWait') {
    return {
      ...head,
      replica: entry.replica,
      session: entry.session,
      statement: statementJson(entry.statement),
      row: entry.row,
      holder: entry.holder,
    };
  }
  return { ...head, ...rest };
}
