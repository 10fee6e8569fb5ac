/**
 * The facts of a night the EX03 checklist asks about, indexed once per night so that trying
 * every grant as X's stays linear in the trace: the checklist runs on every re-simulation of
 * the exercise mode, drag frames included (the 12-hour bench night has ~700 grants and
 * ~43,000 entries).
 */
import type { GrantRecord, LockRowView, RunRecord, Trace, WriteRecord } from '../trace';

export interface NightIndex {
  /** Grants ordered by grant time (stable). */
  readonly grants: readonly GrantRecord[];
  /** When each replica's process paused, ascending. */
  readonly pausesMs: ReadonlyMap<string, readonly number[]>;
  /** Each replica's runs that did something (not skipped), by start. */
  readonly runs: ReadonlyMap<string, readonly RunRecord[]>;
  readonly writesByRun: ReadonlyMap<number, readonly WriteRecord[]>;
  readonly writesByReplica: ReadonlyMap<string, readonly WriteRecord[]>;
  /** The `shedlock` row states, in trace order. */
  readonly lockRows: readonly { readonly atMs: number; readonly row: LockRowView }[];
}

/** One pass over the trace. Pure. */
export function indexNight(trace: Trace): NightIndex {
  const pausesMs = new Map<string, number[]>();
  const lockRows: { atMs: number; row: LockRowView }[] = [];
  for (const entry of trace.entries) {
    if (entry.kind === 'process' && entry.state === 'paused') push(pausesMs, entry.node, entry.atMs);
    else if (entry.kind === 'lockRow') lockRows.push({ atMs: entry.atMs, row: entry.row });
  }
  const runs = new Map<string, RunRecord[]>();
  for (const run of trace.runs) if (run.outcome !== 'skipped') push(runs, run.replica, run);
  const writesByRun = new Map<number, WriteRecord[]>();
  const writesByReplica = new Map<string, WriteRecord[]>();
  for (const write of trace.writes) {
    push(writesByRun, write.runId, write);
    push(writesByReplica, write.replica, write);
  }
  const grants = [...trace.grants].sort((a, b) => a.grantMs - b.grantMs);
  return { grants, pausesMs, runs, writesByRun, writesByReplica, lockRows };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
