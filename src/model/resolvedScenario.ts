/**
 * The scenario as the engine reads it: every default filled in, every time and duration in
 * integer milliseconds of true time, every amount in integer cents. Produced by
 * `resolveScenario()` from a validated scenario document; pure data, no behaviour.
 *
 * Times of night (`atMs`, `fromMs`, `toMs`, `triggerAtMs`) are milliseconds since 00:00:00 of
 * the virtual night. `triggerAtMs` is read on the replica's own wall clock, all others are
 * true time.
 */

export type OnLockLost = 'exit' | 'cancel' | 'continue';

export interface ResolvedReplica {
  /** Index in `replicas[]`; the deterministic tie-breaker (A < B < C). */
  readonly index: number;
  readonly id: string;
  /** ShedLock `locked_by`. */
  readonly host: string;
  /** Wall-clock error against true time at `window.fromMs`. */
  readonly clockOffsetMs: number;
  readonly clockDriftPpm: number;
  /** Wall-clock time of night at which the job fires once. */
  readonly triggerAtMs: number;
  /** Retry polls at `triggerAtMs + triggerPhaseMs + k * triggerEveryMs`; null: no retries. */
  readonly triggerEveryMs: number | null;
  readonly triggerPhaseMs: number;
  readonly loadMs: number;
  readonly perItemMs: number;
  readonly markDoneMs: number;
  readonly holderCheck: boolean;
  readonly onLockLost: OnLockLost;
}

export interface ResolvedItem {
  readonly order: number;
  readonly amountCents: number;
}

/** What the nightly job does; it decides what "done" means (I6) and the words for its items. */
export type JobKind = 'reconcile' | 'outbox' | 'digest' | 'cleanup';

export interface ResolvedJob {
  readonly kind: JobKind;
  readonly items: readonly ResolvedItem[];
  readonly loadMs: number;
  readonly perItemMs: number;
  readonly markDoneMs: number;
  readonly skipIfDone: boolean;
  /**
   * `outbox` only (Leaseline extension): how a relay claims its batch of rows in one
   * transaction: `skipLocked` (`FOR UPDATE SKIP LOCKED`), `forUpdate` (waits on locked rows),
   * `none` (no row locks); and at most how many rows per transaction. The rows are `items`
   * (their `order` is the row id).
   */
  readonly claim: 'skipLocked' | 'forUpdate' | 'none';
  readonly batch: number;
  /** `digest` only: record "sent for date" before sending (`claimThenSend`) or after. */
  readonly sendOrder: 'claimThenSend' | 'sendThenClaim';
}

export interface ShedlockConfig {
  readonly kind: 'shedlock';
  readonly lockAtMostForMs: number;
  readonly lockAtLeastForMs: number;
  readonly time: 'db' | 'app';
  /** The lab's `fencing_token` column (not ShedLock itself). */
  readonly token: boolean;
  /** `grant`: incremented in the acquiring statement; `afterLoad`: a separate read (anti-pattern). */
  readonly tokenMint: 'grant' | 'afterLoad';
  readonly keepAlive: boolean;
}

export interface LeaseConfig {
  readonly kind: 'lease';
  readonly leaseDurationMs: number;
  readonly renewDeadlineMs: number;
  readonly retryPeriodMs: number;
  readonly token: boolean;
}

export interface RedisConfig {
  readonly kind: 'redis';
  readonly ttlMs: number;
  readonly release: 'compareAndDelete' | 'del';
  readonly replica: { readonly lagMs: number; readonly promoteAfterMs: number } | null;
  readonly token: 'none' | 'incr' | 'db';
}

export interface ConsensusConfig {
  readonly kind: 'etcd' | 'zookeeper';
  readonly sessionTtlMs: number;
  readonly recheckAfterWait: boolean;
}

export type LockConfig =
  | { readonly kind: 'none' }
  | ShedlockConfig
  | LeaseConfig
  | RedisConfig
  | ConsensusConfig
  | { readonly kind: 'advisory' };

export type LockKind = LockConfig['kind'];

export interface ResolvedStorage {
  readonly fencing: 'off' | 'job' | 'row';
  readonly fenceOnAcquire: boolean;
  readonly uniqueKey: boolean;
  readonly lastToken: number;
}

interface EventBase {
  /** Position in `events[]`; the JSON path of the event is `events[index]`. */
  readonly index: number;
  /** The file's `id`, or `e<index>` when it has none. */
  readonly id: string;
  readonly label: string | null;
}

export type ResolvedEvent = EventBase &
  (
    | { readonly type: 'pause'; readonly replica: string; readonly atMs: number; readonly forMs: number }
    | { readonly type: 'pauseBeforeWrite'; readonly replica: string; readonly order: number; readonly forMs: number }
    | { readonly type: 'crash'; readonly replica: string; readonly atMs: number }
    | { readonly type: 'restart'; readonly replica: string; readonly atMs: number }
    | { readonly type: 'clockJump'; readonly node: string; readonly atMs: number; readonly byMs: number }
    | { readonly type: 'delayWrite'; readonly replica: string; readonly order: number; readonly byMs: number }
    | { readonly type: 'partition'; readonly replica: string; readonly fromMs: number; readonly toMs: number }
    | { readonly type: 'starveRenewer'; readonly replica: string; readonly fromMs: number; readonly toMs: number }
    | { readonly type: 'expireLock'; readonly atMs: number }
    | { readonly type: 'redisFailover'; readonly atMs: number }
    | { readonly type: 'killSession'; readonly replica: string; readonly atMs: number }
    | { readonly type: 'trigger'; readonly replica: string; readonly atMs: number }
  );

export type EventType = ResolvedEvent['type'];

export interface ResolvedScenario {
  readonly title: string;
  readonly description: string;
  readonly windowFromMs: number;
  readonly windowToMs: number;
  readonly replicas: readonly ResolvedReplica[];
  readonly job: ResolvedJob;
  readonly lock: LockConfig;
  readonly storage: ResolvedStorage;
  readonly events: readonly ResolvedEvent[];
}
