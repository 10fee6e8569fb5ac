/**
 * What each coordination service held, change by change, for the timeline's mechanism lanes
 * (docs/model.md §5.3-§5.7): the Redis primary and replica with the lock key and its expiry, the
 * Kubernetes-style Lease record, the etcd / ZooKeeper key list, the outbox table's rows.
 *
 * Recorded beside the trace's entries, not among them: a Redis replica applies a write `lag`
 * after the primary, which the store learns lazily (at its next access), so changes may be
 * recorded out of time order; `sortedChanges()` orders them once at the end. The views are
 * snapshots (copied, never mutated afterwards), so a drawer can read any of them alone.
 */

/** The lock key as one Redis node holds it; expiry is converted to true time when recorded. */
export interface RedisNodeView {
  readonly kind: 'redis';
  readonly node: 'primary' | 'replica';
  /** False once the node died (the primary at a failover). */
  readonly up: boolean;
  /** True for the replica once it was promoted to serve as primary. */
  readonly promoted: boolean;
  /** The lock key's value (`A:0`), or null when absent. */
  readonly value: string | null;
  /** When the key expires on Redis's own clock, as true time; null without a key. */
  readonly expireAtMs: number | null;
  /** The `INCR` token counter on this node. */
  readonly counter: number;
}

/** The Lease object at the API server (client-go's LeaderElectionRecord). */
export interface LeaseRecordView {
  readonly kind: 'lease';
  /** `holderIdentity`, '' before anyone led. */
  readonly holder: string;
  /** `acquireTime` and `renewTime` as the API server's clock read them. */
  readonly acquireTimeMs: number;
  readonly renewTimeMs: number;
  /** True time of the last write of the record (for drawing its renewals). */
  readonly renewedAtMs: number;
  readonly leaseDurationMs: number;
  readonly transitions: number;
}

export interface ConsensusKeyView {
  readonly replica: string;
  readonly session: string;
  /** Create revision (etcd) or sequence number (ZooKeeper). */
  readonly number: number;
}

/** The lock's keys (etcd) or sequential nodes (ZooKeeper), lowest first: the lowest holds. */
export interface ConsensusKeysView {
  readonly kind: 'keys';
  readonly flavor: 'etcd' | 'zookeeper';
  readonly keys: readonly ConsensusKeyView[];
}

export type OutboxRowState = 'unsent' | 'claimed' | 'sent';

/** The outbox table: per row, its state and the transaction holding its row lock. */
export interface OutboxView {
  readonly kind: 'outbox';
  readonly rows: readonly { readonly state: OutboxRowState; readonly by: string | null }[];
}

/** The digest's unique "sent for date" record, and how many emails went out so far. */
export interface DigestView {
  readonly kind: 'digest';
  readonly recorded: boolean;
  readonly sent: number;
}

/** The cleanup's expired rows: which are deleted. */
export interface CleanupView {
  readonly kind: 'cleanup';
  readonly deleted: readonly boolean[];
}

export type ServiceView = RedisNodeView | LeaseRecordView | ConsensusKeysView | OutboxView | DigestView | CleanupView;

/** One stream per lane: `redis:primary`, `redis:replica`, `lease`, `keys`, `outbox`, `digest`, `cleanup`. */
export type ServiceStream = 'redis:primary' | 'redis:replica' | 'lease' | 'keys' | 'outbox' | 'digest' | 'cleanup';

export interface ServiceChange {
  readonly atMs: number;
  readonly stream: ServiceStream;
  readonly view: ServiceView;
}

export const streamOf = (view: ServiceView): ServiceStream =>
  view.kind === 'redis' ? `redis:${view.node}` : view.kind;

/** Bounded like the trace: a night that records more than this keeps the first ones. */
export const MAX_SERVICE_CHANGES = 200_000;

/** The history as plain data in the night's `World`; `recordService` appends to it. */
export interface ServiceHistory {
  /** Append-only: a change is never altered once recorded. */
  changes: ServiceChange[];
  /** The last view per stream, as JSON, to skip records that change nothing. */
  readonly last: Partial<Record<ServiceStream, string>>;
}

export const emptyServiceHistory = (): ServiceHistory => ({ changes: [], last: {} });

export function recordService(history: ServiceHistory, atMs: number, view: ServiceView): void {
  const stream = streamOf(view);
  const fingerprint = JSON.stringify(view);
  if (history.last[stream] === fingerprint) return;
  if (history.changes.length >= MAX_SERVICE_CHANGES) return;
  history.last[stream] = fingerprint;
  history.changes.push({ atMs, stream, view });
}

/** Every change in time order (stable: same-instant changes keep their recording order). */
export function sortedChanges(history: ServiceHistory): ServiceChange[] {
  return history.changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => a.change.atMs - b.change.atMs || a.index - b.index)
    .map(({ change }) => change);
}
