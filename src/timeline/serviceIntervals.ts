/**
 * The mechanism lanes' marks as intervals of true time, before any pixel: from the trace's
 * service history (`trace.services`), for each stream, what the service held from one change
 * to the next. Pure and not culled, so the readout at the playhead can use it for any instant.
 *
 * - Redis node: the lock key from its SET to its DEL, its expiry on Redis's clock or the next
 *   change; the node's down time after a failover.
 * - Lease record: one interval per term (holder and transitions), `held` while the last renewal
 *   is younger than `leaseDuration`, `stale` after it (candidates may take it over).
 * - etcd / ZooKeeper keys: each key from its creation to its deletion, on its replica's row,
 *   `held` while it is the lowest, `waiting` before.
 * - Outbox: each row `claimed` (under a transaction's row lock) or `sent`.
 * - Digest: the "sent for date" record from its insertion on, with the emails sent so far.
 * - Cleanup: each expired row from its deletion on.
 */
import type { ServiceChange, ServiceStream, ServiceView } from '../sim/serviceHistory';

export interface BarText {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

const sameText = (a: BarText | null, b: BarText | null): boolean =>
  a === b || (a !== null && b !== null && a.key === b.key && JSON.stringify(a.params) === JSON.stringify(b.params));

export type ServiceTone = 'held' | 'stale' | 'waiting' | 'down' | 'claimed' | 'sent';

export interface ServiceInterval {
  readonly stream: ServiceStream;
  readonly fromMs: number;
  readonly toMs: number;
  readonly tone: ServiceTone;
  /** Sub-row inside the lane: the replica (keys) or the table row (outbox); 0 otherwise. */
  readonly row: number;
  /** The replica the interval belongs to (holder, key owner, claiming relay), or null. */
  readonly replica: string | null;
  /** Words for the bar (`A:0`, `A · rev 7`, `A · transitions 4`) as a `describe` key and params; null for none. */
  readonly text: BarText | null;
  /** The view this interval shows (for words: expiry, counter, renew time). */
  readonly view: ServiceView;
}

/** Lane order of the streams a night recorded. */
const STREAM_ORDER: readonly ServiceStream[] = [
  'redis:primary',
  'redis:replica',
  'lease',
  'keys',
  'outbox',
  'digest',
  'cleanup',
];

const LANE_WORD: Readonly<Record<ServiceStream, string>> = {
  'redis:primary': 'lane.redisPrimary',
  'redis:replica': 'lane.redisReplica',
  lease: 'lane.leaseRecord',
  keys: 'lane.etcdKeys',
  outbox: 'lane.outbox',
  digest: 'lane.digest',
  cleanup: 'lane.cleanup',
};

/** The `describe` key of the lane a view belongs to (ZooKeeper's keys are "nodes"). */
export function laneWordKey(stream: ServiceStream, view: ServiceView | undefined): string {
  return view?.kind === 'keys' && view.flavor === 'zookeeper' ? 'lane.zookeeperNodes' : LANE_WORD[stream];
}

export function streamsOf(changes: readonly ServiceChange[]): ServiceStream[] {
  const present = new Set(changes.map((change) => change.stream));
  return STREAM_ORDER.filter((stream) => present.has(stream));
}

/** Pure: every interval of the night, stream by stream in lane order, each in time order. */
export function serviceIntervals(
  changes: readonly ServiceChange[],
  replicaIds: readonly string[],
  nightEndMs: number,
): ServiceInterval[] {
  const byStream = new Map<ServiceStream, ServiceChange[]>();
  for (const change of changes) {
    const list = byStream.get(change.stream) ?? [];
    list.push(change);
    byStream.set(change.stream, list);
  }
  const replicaIndex = (id: string) => Math.max(0, replicaIds.indexOf(id));
  const out: ServiceInterval[] = [];
  for (const stream of streamsOf(changes)) {
    const list = byStream.get(stream) ?? [];
    const spans = list.map((change, index) => ({
      change,
      toMs: Math.max(change.atMs, list[index + 1]?.atMs ?? nightEndMs),
    }));
    if (stream === 'lease') out.push(...leaseIntervals(spans));
    else if (stream === 'keys') out.push(...keyIntervals(spans, replicaIndex));
    else if (stream === 'outbox') out.push(...outboxIntervals(spans));
    else if (stream === 'digest') out.push(...digestIntervals(spans));
    else if (stream === 'cleanup') out.push(...cleanupIntervals(spans));
    else out.push(...redisIntervals(spans));
  }
  return out;
}

interface Span {
  readonly change: ServiceChange;
  readonly toMs: number;
}

/** Joins an interval to the previous one of the same row when it continues it unchanged. */
function pushMerged(out: ServiceInterval[], open: Map<string, ServiceInterval>, key: string, next: ServiceInterval) {
  const last = open.get(key);
  if (last && last.toMs === next.fromMs && last.tone === next.tone && sameText(last.text, next.text)) {
    const merged = { ...last, toMs: next.toMs, view: next.view };
    out[out.lastIndexOf(last)] = merged;
    open.set(key, merged);
    return;
  }
  out.push(next);
  open.set(key, next);
}

function redisIntervals(spans: readonly Span[]): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'redis') continue;
    const base = { stream: change.stream, row: 0, view };
    if (!view.up) {
      pushMerged(out, open, 'node', { ...base, fromMs: change.atMs, toMs, tone: 'down', replica: null, text: null });
      continue;
    }
    if (view.value === null) continue;
    const endMs = Math.min(toMs, view.expireAtMs ?? toMs);
    if (endMs <= change.atMs && endMs !== toMs) continue;
    const holder = view.value.split(':')[0] ?? null;
    pushMerged(out, open, 'node', {
      ...base,
      fromMs: change.atMs,
      toMs: Math.max(change.atMs, endMs),
      tone: 'held',
      replica: holder,
      text: { key: 'serviceBar.redis', params: { value: view.value } },
    });
  }
  return out;
}

function leaseIntervals(spans: readonly Span[]): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'lease' || view.holder === '') continue;
    const text = { key: 'serviceBar.lease', params: { holder: view.holder, transitions: view.transitions } };
    const base = { stream: change.stream, row: 0, replica: view.holder, text, view };
    // Valid until the last renewal plus the lease duration; past that, a candidate may take it.
    const validUntilMs = Math.min(toMs, view.renewedAtMs + view.leaseDurationMs);
    if (validUntilMs > change.atMs || validUntilMs === toMs)
      pushMerged(out, open, 'record', { ...base, fromMs: change.atMs, toMs: validUntilMs, tone: 'held' });
    if (validUntilMs < toMs)
      pushMerged(out, open, 'record', { ...base, fromMs: Math.max(change.atMs, validUntilMs), toMs, tone: 'stale' });
  }
  return out;
}

function keyIntervals(spans: readonly Span[], replicaIndex: (id: string) => number): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'keys') continue;
    const key = view.flavor === 'etcd' ? 'serviceBar.etcdKey' : 'serviceBar.zookeeperNode';
    view.keys.forEach((entry, position) => {
      pushMerged(out, open, String(entry.number), {
        stream: change.stream,
        fromMs: change.atMs,
        toMs,
        tone: position === 0 ? 'held' : 'waiting',
        row: replicaIndex(entry.replica),
        replica: entry.replica,
        text: { key, params: { replica: entry.replica, number: entry.number } },
        view,
      });
    });
  }
  return out;
}

function outboxIntervals(spans: readonly Span[]): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'outbox') continue;
    view.rows.forEach((state, row) => {
      if (state.state === 'unsent') {
        open.delete(String(row));
        return;
      }
      // The claiming transaction is `<replica>#<incarnation>`.
      const replica = state.by?.split('#')[0] ?? null;
      pushMerged(out, open, String(row), {
        stream: change.stream,
        fromMs: change.atMs,
        toMs,
        tone: state.state === 'sent' ? 'sent' : 'claimed',
        row,
        replica: state.state === 'sent' ? null : replica,
        text: state.state === 'sent' ? null : { key: 'serviceBar.claim', params: { by: state.by ?? '' } },
        view,
      });
    });
  }
  return out;
}

function digestIntervals(spans: readonly Span[]): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'digest' || !view.recorded) continue;
    pushMerged(out, open, 'record', {
      stream: change.stream,
      fromMs: change.atMs,
      toMs,
      tone: 'held',
      row: 0,
      replica: null,
      text: { key: 'serviceBar.digest', params: { sent: view.sent } },
      view,
    });
  }
  return out;
}

function cleanupIntervals(spans: readonly Span[]): ServiceInterval[] {
  const out: ServiceInterval[] = [];
  const open = new Map<string, ServiceInterval>();
  for (const { change, toMs } of spans) {
    const view = change.view;
    if (view.kind !== 'cleanup') continue;
    view.deleted.forEach((deleted, row) => {
      if (!deleted) return;
      pushMerged(out, open, String(row), {
        stream: change.stream,
        fromMs: change.atMs,
        toMs,
        tone: 'sent',
        row,
        replica: null,
        text: null,
        view,
      });
    });
  }
  return out;
}
