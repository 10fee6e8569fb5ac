/**
 * What the night looks like at one instant of the trace: each replica's machine state and
 * process state, the `shedlock` row and the fence row. Pure. The first call for a trace
 * indexes its entries once (kept in a WeakMap beside the trace); every later instant is a
 * few binary searches, so scrubbing and playing cost almost nothing per frame.
 */
import type { ReplicaActivity } from '../../machines/replicaMachine';
import type { LockRowView, ProcessCause, ProcState, Trace } from '../../sim/trace';

export interface ReplicaAtPlayhead {
  readonly id: string;
  readonly proc: ProcState;
  /** The machine's state; null while the process is down (a crash discards it, docs/model.md §4). */
  readonly activity: ReplicaActivity | null;
}

export interface PlayheadState {
  readonly replicas: readonly ReplicaAtPlayhead[];
  /** The `shedlock` row as the database has it; null before the first lock statement. */
  readonly lockRow: LockRowView | null;
  /** `recon_fence.last_token`: the last `fence` entry, or the scenario's start value. */
  readonly lastToken: number;
}

/** Entries of one kind in trace order: `atMs` for searching, `seq` (trace index) to order kinds. */
interface Series<T> {
  readonly atMs: number[];
  readonly seq: number[];
  readonly value: T[];
}

interface PlayheadIndex {
  readonly activity: Map<string, Series<ReplicaActivity>>;
  readonly process: Map<string, Series<{ readonly state: ProcState; readonly cause: ProcessCause }>>;
  readonly lockRow: Series<LockRowView>;
  readonly fence: Series<number>;
}

const indexes = new WeakMap<Trace, PlayheadIndex>();

/**
 * Pure: the state at `atMs`, counting every entry at or before it (entries at the same
 * instant apply in trace order). Before a replica's first entry it is up and idle. A restart
 * starts a fresh machine in idle, so an activity from before a crash is never reported.
 */
export function stateAtPlayhead(trace: Trace, atMs: number, initialLastToken: number): PlayheadState {
  const index = indexOf(trace);
  const replicas = trace.replicaIds.map((id): ReplicaAtPlayhead => {
    const activity = lastAt(index.activity.get(id), atMs);
    const process = lastAt(index.process.get(id), atMs);
    const proc = process?.value.state ?? 'up';
    // A process change after the last machine step says what the machine is now.
    if (process !== undefined && (activity === undefined || process.seq > activity.seq)) {
      if (process.value.state === 'down') return { id, proc, activity: null };
      if (process.value.cause === 'restart') return { id, proc, activity: 'idle' };
    }
    return { id, proc, activity: activity?.value ?? 'idle' };
  });
  return {
    replicas,
    lockRow: lastAt(index.lockRow, atMs)?.value ?? null,
    lastToken: lastAt(index.fence, atMs)?.value ?? initialLastToken,
  };
}

function indexOf(trace: Trace): PlayheadIndex {
  const cached = indexes.get(trace);
  if (cached !== undefined) return cached;
  const index: PlayheadIndex = { activity: new Map(), process: new Map(), lockRow: series(), fence: series() };
  trace.entries.forEach((entry, seq) => {
    if (entry.kind === 'activity') push(seriesFor(index.activity, entry.node), entry.atMs, seq, entry.to);
    if (entry.kind === 'process') {
      push(seriesFor(index.process, entry.node), entry.atMs, seq, { state: entry.state, cause: entry.cause });
    }
    if (entry.kind === 'lockRow') push(index.lockRow, entry.atMs, seq, entry.row);
    if (entry.kind === 'fence') push(index.fence, entry.atMs, seq, entry.lastToken);
  });
  indexes.set(trace, index);
  return index;
}

function series<T>(): Series<T> {
  return { atMs: [], seq: [], value: [] };
}

function seriesFor<T>(map: Map<string, Series<T>>, node: string): Series<T> {
  const existing = map.get(node);
  if (existing !== undefined) return existing;
  const created = series<T>();
  map.set(node, created);
  return created;
}

function push<T>(into: Series<T>, atMs: number, seq: number, value: T): void {
  into.atMs.push(atMs);
  into.seq.push(seq);
  into.value.push(value);
}

/** The last entry of the series at or before `atMs`, if any. */
function lastAt<T>(of: Series<T> | undefined, atMs: number): { seq: number; value: T } | undefined {
  if (of === undefined) return undefined;
  let low = 0;
  let high = of.atMs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((of.atMs[middle] ?? Number.POSITIVE_INFINITY) <= atMs) low = middle + 1;
    else high = middle;
  }
  const seq = of.seq[low - 1];
  const value = of.value[low - 1];
  return seq === undefined || value === undefined ? undefined : { seq, value };
}
