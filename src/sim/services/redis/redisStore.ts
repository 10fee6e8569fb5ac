/**
 * Redis for the `SET key value NX PX ttl` lock (DOMAIN.md §5.4, F12): a primary and an
 * optional replica that applies each primary write `lagMs` later (asynchronous replication).
 * A key expires once Redis's own wall clock is past its deadline, set time + TTL (as Redis
 * checks `now > when`: at the deadline itself GET still returns it and SET NX fails); that
 * clock is not monotonic, so a clock jump on `redis` moves it. When the primary dies, writes it had not yet shipped are
 * lost, the lock key and the INCR counter alike; the replica serves as primary after
 * `promoteAfterMs`. Pure data and arithmetic; the simulator calls it at the right instants.
 */

export const LOCK_KEY = 'lock:nightly-reconciliation';

interface RedisData {
  key: { value: string; expireAtWallMs: number } | null;
  counter: number;
}

/** What a node holds after a change, for the timeline (`ServiceHistory`). */
export interface RedisNodeState {
  readonly node: 'primary' | 'replica';
  readonly up: boolean;
  readonly promoted: boolean;
  readonly value: string | null;
  readonly expireAtWallMs: number | null;
  readonly counter: number;
}

export type RedisObserver = (atMs: number, state: RedisNodeState) => void;

type Write =
  | { readonly kind: 'set'; readonly value: string; readonly expireAtWallMs: number }
  | { readonly kind: 'del' }
  | { readonly kind: 'incr' };

export interface RedisCheckpoint {
  readonly primary: RedisData;
  readonly replica: RedisData | null;
  readonly shipping: readonly { readonly applyAtMs: number; readonly write: Write }[];
  readonly down: boolean;
  readonly promoted: boolean;
}

export class RedisStore {
  readonly #primary: RedisData;
  readonly #replica: RedisData | null;
  readonly #lagMs: number;
  /** Primary writes on their way to the replica: applied at `applyAtMs` unless the primary dies first. */
  #shipping: { readonly applyAtMs: number; readonly write: Write }[] = [];
  /** invariant: while down, requests fail (the client sees a connection error). */
  #down = false;
  #promoted = false;
  readonly #observe: RedisObserver;

  constructor(counterStart: number, replicaLagMs: number | null, observe: RedisObserver = () => {}) {
    this.#primary = { key: null, counter: counterStart };
    this.#replica = replicaLagMs === null ? null : { key: null, counter: counterStart };
    this.#lagMs = replicaLagMs ?? 0;
    this.#observe = observe;
    this.#notify(0, 'primary');
    if (this.#replica) this.#notify(0, 'replica');
  }

  /** Ships what the replica has received by `nowMs` (the night's end, so the last writes show). */
  flush(nowMs: number): void {
    this.#ship(nowMs);
  }

  /** Both nodes and the replication stream, as plain data (a checkpoint). */
  checkpoint(): RedisCheckpoint {
    const copy = (data: RedisData): RedisData => ({ key: data.key && { ...data.key }, counter: data.counter });
    return {
      primary: copy(this.#primary),
      replica: this.#replica && copy(this.#replica),
      shipping: this.#shipping.slice(),
      down: this.#down,
      promoted: this.#promoted,
    };
  }

  /** Puts the store back as it was at `saved`, without telling the observer (it is restored too). */
  restore(saved: RedisCheckpoint): void {
    this.#primary.key = saved.primary.key && { ...saved.primary.key };
    this.#primary.counter = saved.primary.counter;
    if (this.#replica && saved.replica) {
      this.#replica.key = saved.replica.key && { ...saved.replica.key };
      this.#replica.counter = saved.replica.counter;
    }
    this.#shipping = saved.shipping.slice();
    this.#down = saved.down;
    this.#promoted = saved.promoted;
  }

  get available(): boolean {
    return !this.#down;
  }

  /** `SET key value NX PX ttl` (with `INCR` in the same script when `incr`): the token, or false. */
  setNx(nowMs: number, wallMs: number, value: string, ttlMs: number, incr: boolean): { ok: boolean; counter: number } {
    this.#ship(nowMs);
    const data = this.#serving();
    if (data.key !== null && data.key.expireAtWallMs >= wallMs) return { ok: false, counter: data.counter };
    this.#write(nowMs, { kind: 'set', value, expireAtWallMs: wallMs + ttlMs });
    if (incr) this.#write(nowMs, { kind: 'incr' });
    return { ok: true, counter: this.#serving().counter };
  }

  /** The live key's value, or null (absent or expired on Redis's clock). */
  get(nowMs: number, wallMs: number): string | null {
    this.#ship(nowMs);
    const key = this.#serving().key;
    return key !== null && key.expireAtWallMs >= wallMs ? key.value : null;
  }

  /** The compare-and-delete script, or a plain `DEL` when `expected` is null. True if a key went. */
  delete(nowMs: number, wallMs: number, expected: string | null): boolean {
    const current = this.get(nowMs, wallMs);
    if (current === null || (expected !== null && current !== expected)) return false;
    this.#write(nowMs, { kind: 'del' });
    return true;
  }

  /** When the live key expires on Redis's clock, or null without one. */
  expiryWallMs(nowMs: number, wallMs: number): number | null {
    return this.get(nowMs, wallMs) === null ? null : (this.#serving().key?.expireAtWallMs ?? null);
  }

  /** The primary dies: nothing it had not shipped reaches the replica. */
  failPrimary(nowMs: number): void {
    this.#ship(nowMs);
    this.#shipping = [];
    this.#down = true;
    this.#notify(nowMs, 'primary');
  }

  /** The replica becomes the primary. Without a replica, the primary comes back empty. */
  promote(nowMs: number): void {
    this.#down = false;
    this.#promoted = true;
    if (this.#replica === null) {
      this.#primary.key = null;
    }
    this.#notify(nowMs, this.#replica === null ? 'primary' : 'replica');
  }

  #serving(): RedisData {
    return this.#promoted && this.#replica !== null ? this.#replica : this.#primary;
  }

  #write(nowMs: number, write: Write): void {
    apply(this.#serving(), write);
    this.#notify(nowMs, this.#promoted && this.#replica !== null ? 'replica' : 'primary');
    if (this.#replica !== null && !this.#promoted) this.#shipping.push({ applyAtMs: nowMs + this.#lagMs, write });
  }

  #ship(nowMs: number): void {
    const replica = this.#replica;
    if (replica === null || this.#shipping.length === 0) return;
    let shipped = 0;
    for (const pending of this.#shipping) {
      if (pending.applyAtMs > nowMs) break;
      apply(replica, pending.write);
      this.#notify(pending.applyAtMs, 'replica');
      shipped += 1;
    }
    if (shipped > 0) this.#shipping = this.#shipping.slice(shipped);
  }

  #notify(atMs: number, node: 'primary' | 'replica'): void {
    const data = node === 'primary' ? this.#primary : this.#replica;
    if (data === null) return;
    this.#observe(atMs, {
      node,
      // The old primary never comes back after a failover with a replica.
      up: node === 'replica' || !this.#down,
      promoted: node === 'replica' && this.#promoted,
      value: data.key?.value ?? null,
      expireAtWallMs: data.key?.expireAtWallMs ?? null,
      counter: data.counter,
    });
  }
}

function apply(data: RedisData, write: Write): void {
  if (write.kind === 'set') data.key = { value: write.value, expireAtWallMs: write.expireAtWallMs };
  else if (write.kind === 'del') data.key = null;
  else data.counter += 1;
}
