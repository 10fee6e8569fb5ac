import type { JobKind } from '../model/resolvedScenario';
/**
 * What `simulate()` returns: everything that happened in one night, in true time, with each
 * entry's node clock reading beside it. The chronological `entries` are the log; `grants`,
 * `writes`, `runs`, `zombieWindows` and `violations` are the same facts indexed for the report
 * and the timeline. Plain data, JSON-serialisable, byte-identical for the same scenario.
 */

import type { ReplicaActivity, ReplicaRequest } from '../machines/replicaMachine';
import type { ServiceChange } from './serviceHistory';
import type { SqlStatement } from './sqlStatement';

export type ProcState = 'up' | 'paused' | 'down';
export type InvariantId = 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6' | 'I7';
export type WriteResultValue = 'accepted' | 'stale' | 'duplicate';

interface EntryBase {
  /** True time, ms of the night. */
  readonly atMs: number;
  /** The node the entry happened on: a replica id or `db`. */
  readonly node: string;
  /** That node's own wall-clock reading at `atMs`. */
  readonly localMs: number;
}

export type TraceEntry = EntryBase &
  (
    | { readonly kind: 'activity'; readonly from: ReplicaActivity; readonly to: ReplicaActivity }
    | { readonly kind: 'process'; readonly state: ProcState; readonly cause: ProcessCause }
    | {
        readonly kind: 'trigger';
        readonly source: 'cron' | 'poll' | 'manual';
        readonly ignored: boolean;
        readonly dueLocalMs: number;
      }
    | {
        readonly kind: 'send';
        readonly messageId: number;
        readonly request: RequestName;
        readonly to: string;
        readonly arriveMs: number;
      }
    | {
        readonly kind: 'sql';
        readonly replica: string | null;
        /**
         * The database session (connection) that ran it, `<replica>#<n>`: a new one after a
         * crash or a killed session. null for the operator's and the server's own statements.
         */
        readonly session: string | null;
        readonly messageId: number | null;
        readonly statement: SqlStatement;
        readonly rows: number;
        readonly note: SqlNote;
      }
    /**
     * A statement that reached the database and waits for a row lock (a `FOR UPDATE` claim):
     * its `sql` entry comes when it is answered.
     */
    | {
        readonly kind: 'sqlWait';
        readonly replica: string;
        readonly session: string;
        readonly statement: SqlStatement;
        /** The row it waits on (1-based, as the table numbers them) and who holds it. */
        readonly row: number;
        readonly holder: string;
      }
    | {
        readonly kind: 'reply';
        readonly messageId: number;
        readonly request: ReplicaRequest['kind'];
        readonly buffered: boolean;
      }
    /** A request lost in a partition: the client gave up waiting. */
    | { readonly kind: 'timeout'; readonly messageId: number; readonly request: RequestName }
    | {
        readonly kind: 'grant';
        readonly grantId: number;
        readonly replica: string;
        readonly token: number | null;
        /** null: the lock does not expire (advisory). */
        readonly untilClockMs: number | null;
        readonly clockNode: string;
      }
    | { readonly kind: 'tokenMinted'; readonly replica: string; readonly token: number }
    | { readonly kind: 'lockRow'; readonly row: LockRowView }
    | { readonly kind: 'fence'; readonly lastToken: number }
    | { readonly kind: 'write'; readonly writeId: number }
    | { readonly kind: 'keepAlive'; readonly outcome: 'extended' | 'lost' | 'stopped' | 'deferred' }
    | { readonly kind: 'clockJump'; readonly byMs: number }
    | { readonly kind: 'redisNode'; readonly state: 'primaryDown' | 'replicaPromoted' }
    | { readonly kind: 'note'; readonly text: NoteText }
  );

/** Every request a replica sends: its machine's, the keep-alive's and the lease elector's. */
export type RequestName = ReplicaRequest['kind'] | 'extend' | 'leaseTry' | 'leaseRenew';

export type ProcessCause = 'pause' | 'pauseBeforeWrite' | 'resume' | 'crash' | 'restart' | 'exit';

/** Why a statement matched the rows it did; the UI's "-- 0 rows: stale". */
export type SqlNote =
  | 'granted'
  | 'queued'
  | 'denied'
  | 'extended'
  | 'lost'
  | 'released'
  | 'noop'
  | 'done'
  | 'notDone'
  | 'holder'
  | 'notHolder'
  | 'fenced'
  | 'stale'
  | 'loaded'
  | 'minted'
  | 'inserted'
  | 'duplicate'
  | 'applied'
  | 'begun'
  | 'committed'
  | 'rolledBack'
  | 'marked'
  | 'expired';

export type NoteText =
  | { readonly key: 'lockLostWarning'; readonly policy: string }
  | { readonly key: 'triggerWhileDown' }
  | { readonly key: 'restartWhileUp' }
  /** Several FOR UPDATE claims woke on one commit: the order they run in is the night's assumption. */
  | { readonly key: 'claimsWokeTogether'; readonly sessions: readonly string[] };

/** The `shedlock` row as the database has it. */
export interface LockRowView {
  readonly lockUntilMs: number;
  readonly lockedAtMs: number;
  readonly lockedBy: string;
  readonly fencingToken: number | null;
}

export interface GrantRecord {
  readonly grantId: number;
  readonly replica: string;
  /** Token of the grant; for `tokenMint: afterLoad`, the token minted later for this run. */
  readonly token: number | null;
  /** When the token became known (the grant, or the late mint). */
  readonly tokenMs: number | null;
  readonly grantMs: number;
  /** `lock_until` on `clockNode`'s wall clock; moves on extend and unlock. */
  readonly untilClockMs: number;
  /** False for a lock with no expiry (advisory): `untilClockMs` is then `NO_EXPIRY_MS`. */
  readonly expires: boolean;
  /** Whose clock computed `lock_until`: `db` (DB time) or the holder (app time). */
  readonly clockNode: string;
  /** Forced expiry (`expireLock`) or a release that ended the lease at once. */
  readonly endMs: number | null;
  readonly endReason: 'released' | 'expired' | 'forced' | 'sessionEnded' | 'failover' | 'lost' | null;
  /** True time at which `untilClockMs` falls due on `clockNode`'s clock; filled at the end. */
  readonly intendedEndMs: number;
}

export interface WriteRecord {
  readonly writeId: number;
  readonly replica: string;
  readonly runId: number;
  /** The message that carried the write: its `sql` entries share this id. */
  readonly messageId: number;
  readonly order: number;
  readonly amountCents: number;
  readonly token: number | null;
  readonly sentMs: number;
  readonly atMs: number;
  readonly result: WriteResultValue;
}

export interface RunRecord {
  readonly runId: number;
  readonly replica: string;
  readonly token: number | null;
  readonly startMs: number;
  readonly endMs: number | null;
  readonly outcome: 'done' | 'aborted' | 'crashed' | 'skipped' | null;
  readonly reason: string | null;
}

export interface ZombieWindow {
  readonly fromMs: number;
  readonly toMs: number;
  /** Everyone involved: the zombies and the replicas granted the lock over them. */
  readonly replicas: readonly string[];
  /** Replicas that still believed they held the lock after it was granted to another. */
  readonly zombies: readonly string[];
  /** Replicas granted the lock while a zombie believed it held it. */
  readonly takers: readonly string[];
}

export interface Violation {
  readonly invariant: InvariantId;
  readonly atMs: number;
  readonly message: ViolationMessage;
}

/** Violation text as data, so the app can translate it; `describeViolation` renders English. */
export type ViolationMessage =
  | { readonly key: 'lockOverlap'; readonly first: string; readonly second: string; readonly overlapMs: number }
  | {
      readonly key: 'zombieWindow';
      readonly zombies: readonly string[];
      readonly takers: readonly string[];
      readonly durationMs: number;
    }
  /** `unit` row: an outbox row published more than once. */
  | {
      readonly key: 'appliedTimes';
      readonly order: number;
      readonly times: number;
      readonly unit: 'order' | 'row' | 'email';
    }
  | { readonly key: 'tokenWentDown'; readonly replica: string; readonly token: number; readonly highest: number }
  | { readonly key: 'tokenNotIncreasing'; readonly replica: string; readonly token: number; readonly previous: number }
  /**
   * I6: the job's work is not done at the window's end and no run is still going. `left` of
   * `total` items are undone: orders not reconciled, outbox rows not published, the digest
   * not sent (1 of 1), expired rows not deleted.
   */
  | {
      readonly key: 'runMissed';
      readonly byMs: number;
      readonly job: JobKind;
      readonly left: number;
      readonly total: number;
    }
  | { readonly key: 'atLeastExceedsAtMost'; readonly atLeastMs: number; readonly atMostMs: number }
  | { readonly key: 'atMostBelowRuntime'; readonly atMostMs: number; readonly runtimeMs: number }
  | { readonly key: 'atLeastBelowSkew'; readonly atLeastMs: number; readonly skewMs: number }
  | { readonly key: 'keepAliveTooShort'; readonly atMostMs: number }
  | { readonly key: 'fencingWithoutToken' }
  | {
      readonly key: 'leaseConstraint';
      readonly leaseDurationMs: number;
      readonly renewDeadlineMs: number;
      readonly retryPeriodMs: number;
    };

export interface Trace {
  readonly windowFromMs: number;
  readonly windowToMs: number;
  readonly replicaIds: readonly string[];
  readonly entries: readonly TraceEntry[];
  readonly grants: readonly GrantRecord[];
  readonly writes: readonly WriteRecord[];
  readonly runs: readonly RunRecord[];
  readonly zombieWindows: readonly ZombieWindow[];
  readonly violations: readonly Violation[];
  /** Ledger rows per order at the end (index by item position in `job.items`). */
  readonly appliedCount: readonly number[];
  /** Balance change per order at the end, cents, same indexing. */
  readonly balanceDeltaCents: readonly number[];
  readonly runDone: boolean;
  /** Machine events delivered to replica actors (for the benchmark's bare-XState baseline). */
  readonly machineEventCount: number;
  /** Non-null when the night hit the engine's step budget and stopped early at this time. */
  readonly truncatedAtMs: number | null;
  /** The lock service's and the outbox's states, change by change, in time order. */
  readonly services: readonly ServiceChange[];
}
