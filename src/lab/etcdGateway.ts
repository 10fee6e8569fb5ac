/**
 * The few etcd v3 requests the replay and the lab's etcd lock send (`leaseline lab --lock etcd`), through etcd's JSON gateway (`/v3/...` over HTTP,
 * keys and values base64, 64-bit numbers as strings, fields at their zero value left out): no
 * client library, so nothing but etcd itself decides the answers. Each request is the one
 * `client/v3/concurrency` sends for a Session or a Mutex (3.4.23).
 */

export interface KeyValue {
  readonly key: string;
  /** The value as text (the lab's lock keys hold the holder's hostname). */
  readonly value: string;
  readonly createRevision: number;
  readonly lease: number;
  /** The lease's ID exactly as etcd wrote it (IDs etcd picks may exceed a double's integers). */
  readonly leaseId: string;
}

export interface TxnAnswer {
  /** The revision after the transaction: a put's create revision. */
  readonly revision: number;
  readonly succeeded: boolean;
  /** The ranges the transaction's branch asked for, in order. */
  readonly ranges: readonly (readonly KeyValue[])[];
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const unb64 = (text: string) => Buffer.from(text, 'base64').toString();
/** The key just past every key that starts with `prefix` (etcd's `WithPrefix`). */
const prefixEnd = (prefix: string) =>
  b64(prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1));

interface RawKv {
  key: string;
  value?: string;
  create_revision?: string;
  lease?: string;
}

const kv = (raw: RawKv): KeyValue => ({
  key: unb64(raw.key),
  value: unb64(raw.value ?? ''),
  createRevision: Number(raw.create_revision ?? 0),
  lease: Number(raw.lease ?? 0),
  leaseId: raw.lease ?? '0',
});

/** One replica session's client (etcd keeps a session as a lease, not a connection). */
export class EtcdGateway {
  constructor(private readonly url: string) {}

  private async post(path: string, body: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`etcd ${path} answered ${response.status}: ${text}`);
    // A keep-alive answers as a stream of one `{"result": ...}` chunk.
    const parsed = JSON.parse(text.trim().split('\n')[0] ?? '{}') as Record<string, unknown>;
    return (parsed.result as Record<string, unknown> | undefined) ?? parsed;
  }

  async revision(): Promise<number> {
    const answer = await this.post('/v3/kv/range', { key: b64('/'), count_only: true });
    return Number((answer.header as { revision: string }).revision);
  }

  async put(key: string, value: string): Promise<number> {
    const answer = await this.post('/v3/kv/put', { key: b64(key), value: b64(value) });
    return Number((answer.header as { revision: string }).revision);
  }

  /** `LeaseGrant` with the ID given (the replay picks them, so keys are named the same every run). */
  async leaseGrant(id: number, ttlSeconds: number): Promise<number> {
    return (await this.leaseGrantWithId(id, ttlSeconds)).ttlSeconds;
  }

  /** `LeaseGrant`; ID 0 lets etcd pick one (as a Session does). The lease's ID and its TTL. */
  async leaseGrantWithId(id: number, ttlSeconds: number): Promise<{ id: string; ttlSeconds: number }> {
    const answer = await this.post('/v3/lease/grant', { ID: String(id), TTL: String(ttlSeconds) });
    if (answer.error) throw new Error(`lease grant: ${String(answer.error)}`);
    return { id: String(answer.ID), ttlSeconds: Number(answer.TTL) };
  }

  /** One keep-alive; the TTL the lease has again, 0 when etcd no longer has it. */
  async leaseKeepAlive(id: number | string): Promise<number> {
    return Number((await this.post('/v3/lease/keepalive', { ID: String(id) })).TTL ?? 0);
  }

  /** Seconds left, -1 once etcd has expired or revoked it. */
  async leaseTimeToLive(id: number | string): Promise<number> {
    return Number((await this.post('/v3/lease/timetolive', { ID: String(id) })).TTL ?? 0);
  }

  async leaseRevoke(id: number | string): Promise<void> {
    await this.post('/v3/lease/revoke', { ID: String(id) });
  }

  /**
   * Mutex.tryAcquire's transaction: if the own key has no create revision, put it on the lease
   * and read the owner (the first key by create revision), else read the own key and the owner.
   */
  async mutexTryAcquire(prefix: string, myKey: string, lease: number | string, value = ''): Promise<TxnAnswer> {
    const owner = {
      request_range: {
        key: b64(prefix),
        range_end: prefixEnd(prefix),
        sort_order: 'ASCEND',
        sort_target: 'CREATE',
        limit: '1',
      },
    };
    const answer = await this.post('/v3/kv/txn', {
      compare: [{ key: b64(myKey), target: 'CREATE', result: 'EQUAL', create_revision: '0' }],
      success: [{ request_put: { key: b64(myKey), value: b64(value), lease: String(lease) } }, owner],
      failure: [{ request_range: { key: b64(myKey) } }, owner],
    });
    const responses = (answer.responses ?? []) as { response_range?: { kvs?: RawKv[] } }[];
    return {
      revision: Number((answer.header as { revision: string }).revision),
      succeeded: answer.succeeded === true,
      ranges: responses.filter((one) => one.response_range).map((one) => (one.response_range?.kvs ?? []).map(kv)),
    };
  }

  /** waitDeletes' look: the last key under `prefix` created at or before `maxCreateRevision`, if any. */
  async lastCreatedUpTo(prefix: string, maxCreateRevision: number): Promise<KeyValue | null> {
    const answer = await this.post('/v3/kv/range', {
      key: b64(prefix),
      range_end: prefixEnd(prefix),
      sort_order: 'DESCEND',
      sort_target: 'CREATE',
      limit: '1',
      max_create_revision: String(maxCreateRevision),
    });
    const kvs = (answer.kvs ?? []) as RawKv[];
    return kvs[0] ? kv(kvs[0]) : null;
  }

  /** Every key under `prefix`, oldest create revision first. */
  async keysByCreation(prefix: string): Promise<KeyValue[]> {
    const answer = await this.post('/v3/kv/range', {
      key: b64(prefix),
      range_end: prefixEnd(prefix),
      sort_order: 'ASCEND',
      sort_target: 'CREATE',
    });
    return ((answer.kvs ?? []) as RawKv[]).map(kv);
  }

  async get(key: string): Promise<KeyValue | null> {
    const kvs = ((await this.post('/v3/kv/range', { key: b64(key) })).kvs ?? []) as RawKv[];
    return kvs[0] ? kv(kvs[0]) : null;
  }

  /** Deleted count. */
  async delete(key: string): Promise<number> {
    return Number((await this.post('/v3/kv/deleterange', { key: b64(key) })).deleted ?? 0);
  }
}
