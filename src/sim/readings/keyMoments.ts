/**
 * The night's key moments: the few instants a person telling the story would point at (a
 * grant and its token, a lease running out, a takeover, a pause and the wake-up, a crash, a
 * failover, a lost session, each write whose outcome matters), read off the trace as data.
 * Never written per preset: the same rules read every night. The words are the app's and the
 * CLI's (i18n templates keyed by `kind` and the fields below); here are only facts, times in
 * true ms. Pure, O(entries + grants + writes).
 */
import type { LockKind, ResolvedJob, ResolvedScenario } from '../../model/resolvedScenario';
import type { GrantRecord, RunRecord, Trace } from '../trace';

/** How much a moment matters to the story: 3 tells it, 1 is detail (hidden first when crowded). */
export type MomentPriority = 1 | 2 | 3;
export type JobKind = ResolvedJob['kind'];

interface MomentBase {
  /** Stable across re-simulations while the story keeps its shape (`grant:B:0`). */
  readonly key: string;
  readonly atMs: number;
  /** The replica the moment is about, or null (a Redis node, the night as a whole). */
  readonly replica: string | null;
  readonly priority: MomentPriority;
}

/** `first`: nobody held it; `takeover`: the last holder never released it; `overlap`: someone still does. */
export type GrantMode = 'first' | 'again' | 'takeover' | 'overlap';
export type WriteOutcome = 'appliedAgain' | 'stale' | 'staleAccepted' | 'duplicate';

export type KeyMoment = MomentBase &
  (
    | {
        readonly kind: 'grant';
        readonly lock: LockKind;
        readonly token: number | null;
        readonly mode: GrantMode;
        /** The holder taken over from, or still holding (`overlap`); null for `first`. */
        readonly previous: string | null;
      }
    | { readonly kind: 'leaseExpires'; readonly lock: LockKind; readonly holderStillRunning: boolean }
    | { readonly kind: 'release'; readonly lock: LockKind }
    | { readonly kind: 'forcedExpiry'; readonly lock: LockKind }
    | { readonly kind: 'sessionEnded'; readonly lock: LockKind }
    | { readonly kind: 'lockLost'; readonly lock: LockKind }
    | { readonly kind: 'pause'; readonly holding: boolean; readonly beforeWrite: boolean }
    | {
        readonly kind: 'wake';
        readonly belief: 'none' | 'stillBelieves' | 'stillHolds';
        /**
         * Leader election: when a woken leader stops leading because the renew iteration that
         * started at its wake ran out (it leads, and works, until then); null otherwise.
         */
        readonly leadsUntilMs: number | null;
      }
    | { readonly kind: 'crash'; readonly holding: boolean }
    | { readonly kind: 'restart' }
    | { readonly kind: 'exit' }
    | { readonly kind: 'redisPrimaryDown' }
    | { readonly kind: 'redisPromoted'; readonly keyLostBy: string | null }
    | { readonly kind: 'clockJump'; readonly node: string; readonly byMs: number }
    | {
        readonly kind: 'write';
        readonly job: JobKind;
        readonly writeId: number;
        readonly order: number;
        readonly token: number | null;
        readonly outcome: WriteOutcome;
        /** How many times the order has been applied with this write (`appliedAgain`). */
        readonly times: number;
        /** The token the write lost to (`stale`) or came after (`staleAccepted`); null if none. */
        readonly highestToken: number | null;
      }
    | { readonly kind: 'runMissed'; readonly job: JobKind }
  );

export type KeyMomentKind = KeyMoment['kind'];

/** Pure: the key moments of a night, in time order (ties keep the order they happened in). */
export function keyMoments(trace: Trace, scenario: ResolvedScenario): KeyMoment[] {
  const moments: KeyMoment[] = [];
  const counts = new Map<string, number>();
  const push: Push = (moment) => {
    const id = `${moment.kind}:${moment.replica ?? ''}`;
    const nth = counts.get(id) ?? 0;
    counts.set(id, nth + 1);
    moments.push({ ...moment, key: `${id}:${nth}` } as KeyMoment);
  };
  const lock = scenario.lock.kind;
  const nightEndMs = trace.truncatedAtMs ?? trace.windowToMs;
  const beliefs = beliefIndex(trace);
  grantMoments(trace, lock, nightEndMs, beliefs, push);
  processMoments(trace, lock, beliefs, push);
  writeMoments(trace, scenario, push);
  for (const violation of trace.violations) {
    if (violation.invariant === 'I6')
      push({ kind: 'runMissed', atMs: violation.atMs, replica: null, priority: 3, job: scenario.job.kind });
  }
  // Stable: moments of one instant stay in the order the rules above found them.
  return moments
    .map((moment, index) => ({ moment, index }))
    .sort((a, b) => a.moment.atMs - b.moment.atMs || a.index - b.index)
    .map(({ moment }) => moment);
}

/** A moment before its key is given (Omit over each member of the union). */
type Unkeyed = KeyMoment extends infer M ? (M extends KeyMoment ? Omit<M, 'key'> : never) : never;
type Push = (moment: Unkeyed) => void;

/** When a grant stops being valid at the lock service: its forced end, or when its lease runs out. */
export function validUntilMs(grant: GrantRecord): number {
  const end = grant.endMs ?? Number.POSITIVE_INFINITY;
  return grant.expires ? Math.min(end, grant.intendedEndMs) : end;
}

interface Beliefs {
  /** True when `replica` is in a run that holds a grant at `atMs` (it believes it holds the lock). */
  believes(replica: string, atMs: number): GrantRecord | null;
}

/** The runs and grants of each replica, for "does it believe it holds the lock now?". */
function beliefIndex(trace: Trace): Beliefs {
  const runsOf = new Map<string, RunRecord[]>();
  for (const run of trace.runs) {
    if (run.outcome === 'skipped') continue;
    const list = runsOf.get(run.replica) ?? [];
    list.push(run);
    runsOf.set(run.replica, list);
  }
  return {
    believes(replica, atMs) {
      for (const grant of trace.grants) {
        if (grant.replica !== replica || grant.grantMs > atMs) continue;
        if (grant.endReason === 'released' && (grant.endMs ?? 0) <= atMs) continue;
        const run = runsOf
          .get(replica)
          ?.find((r) => r.startMs <= grant.grantMs && (r.endMs ?? Infinity) >= grant.grantMs);
        // A run ending at this very instant (a crash) still held it.
        if (run && (run.endMs === null || run.endMs >= atMs)) return grant;
      }
      return null;
    },
  };
}

function grantMoments(trace: Trace, lock: LockKind, nightEndMs: number, beliefs: Beliefs, push: Push): void {
  const grants = [...trace.grants].sort((a, b) => a.grantMs - b.grantMs || a.grantId - b.grantId);
  grants.forEach((grant, index) => {
    const earlier = grants.slice(0, index);
    const live = earlier.filter((other) => validUntilMs(other) > grant.grantMs);
    const last = earlier[earlier.length - 1];
    let mode: GrantMode = 'first';
    let previous: string | null = null;
    if (live.length > 0) {
      mode = 'overlap';
      previous = (live[live.length - 1] as GrantRecord).replica;
    } else if (last && last.endReason !== 'released') {
      mode = last.replica === grant.replica ? 'again' : 'takeover';
      previous = last.replica;
    }
    push({
      kind: 'grant',
      atMs: grant.grantMs,
      replica: grant.replica,
      priority: mode === 'first' || mode === 'again' ? 2 : 3,
      lock,
      token: grant.token,
      mode,
      previous,
    });
    grantEndMoments(grant, lock, nightEndMs, beliefs, push);
  });
}

function grantEndMoments(grant: GrantRecord, lock: LockKind, nightEndMs: number, beliefs: Beliefs, push: Push): void {
  const base = { replica: grant.replica, lock } as const;
  const endMs = grant.endMs ?? Number.POSITIVE_INFINITY;
  switch (grant.endReason) {
    case 'released':
      if (grant.endMs !== null && grant.endMs < nightEndMs)
        push({ kind: 'release', atMs: grant.endMs, priority: 1, ...base });
      return;
    case 'forced':
      push({ kind: 'forcedExpiry', atMs: endMs, priority: 3, ...base });
      return;
    case 'sessionEnded':
      push({ kind: 'sessionEnded', atMs: endMs, priority: 3, ...base });
      return;
    case 'failover':
      // Told by the promotion of the replica that never had the key (redisPromoted).
      return;
    default:
      break;
  }
  // Ran out (or was found lost after it ran out): the lease's own end, on the service's clock.
  if (!grant.expires || grant.intendedEndMs >= nightEndMs || grant.intendedEndMs > endMs) return;
  const stillRunning = beliefs.believes(grant.replica, grant.intendedEndMs) !== null;
  push({
    kind: 'leaseExpires',
    atMs: grant.intendedEndMs,
    priority: stillRunning ? 3 : 2,
    holderStillRunning: stillRunning,
    ...base,
  });
}

function processMoments(trace: Trace, lock: LockKind, beliefs: Beliefs, push: Push): void {
  const replicas = new Set(trace.replicaIds);
  const renewals = lock === 'lease' ? leaseRenewals(trace) : null;
  for (const entry of trace.entries) {
    const replica = entry.node;
    const atMs = entry.atMs;
    if (entry.kind === 'clockJump') {
      push({
        kind: 'clockJump',
        atMs,
        replica: replicas.has(replica) ? replica : null,
        priority: 2,
        node: replica,
        byMs: entry.byMs,
      });
    } else if (entry.kind === 'redisNode') {
      if (entry.state === 'primaryDown') push({ kind: 'redisPrimaryDown', atMs, replica: null, priority: 2 });
      else {
        const lost = trace.grants.find((grant) => grant.endReason === 'failover' && grant.endMs === atMs);
        push({ kind: 'redisPromoted', atMs, replica: null, priority: lost ? 3 : 2, keyLostBy: lost?.replica ?? null });
      }
    } else if (entry.kind === 'keepAlive' && entry.outcome === 'lost') {
      push({ kind: 'lockLost', atMs, replica, priority: 2, lock });
    } else if (entry.kind === 'process') {
      const holding = beliefs.believes(replica, atMs);
      if (entry.state === 'paused') {
        push({
          kind: 'pause',
          atMs,
          replica,
          priority: holding ? 2 : 1,
          holding: holding !== null,
          beforeWrite: entry.cause === 'pauseBeforeWrite',
        });
      } else if (entry.state === 'down') {
        if (entry.cause === 'exit') push({ kind: 'exit', atMs, replica, priority: 1 });
        else push({ kind: 'crash', atMs, replica, priority: holding ? 3 : 2, holding: holding !== null });
      } else if (entry.cause === 'restart') {
        push({ kind: 'restart', atMs, replica, priority: 1 });
      } else {
        const belief = holding === null ? 'none' : validUntilMs(holding) > atMs ? 'stillHolds' : 'stillBelieves';
        const leadsUntilMs = renewals === null ? null : leaderStopsAfterWake(trace, renewals, replica, atMs);
        const priority = belief === 'stillBelieves' || leadsUntilMs !== null ? 3 : 1;
        push({ kind: 'wake', atMs, replica, priority, belief, leadsUntilMs });
      }
    }
  }
}

/** Each replica's successful lease renewals (true ms, in order). */
function leaseRenewals(trace: Trace): Map<string, number[]> {
  const renewals = new Map<string, number[]>();
  for (const entry of trace.entries) {
    if (entry.kind !== 'sql' || entry.statement.kind !== 'leaseRenew' || entry.rows === 0 || entry.replica === null)
      continue;
    const list = renewals.get(entry.replica) ?? [];
    list.push(entry.atMs);
    renewals.set(entry.replica, list);
  }
  return renewals;
}

/**
 * When the leader that woke at `wakeMs` stops leading without having renewed since: the end of
 * the renew iteration that started at its wake (client-go gives each iteration its own
 * renewDeadline from when it runs). Null if it was not leading, renewed, or led on.
 */
function leaderStopsAfterWake(
  trace: Trace,
  renewals: Map<string, number[]>,
  replica: string,
  wakeMs: number,
): number | null {
  const term = trace.grants.find(
    (grant) =>
      grant.replica === replica &&
      grant.grantMs <= wakeMs &&
      grant.endReason === 'lost' &&
      grant.endMs !== null &&
      grant.endMs > wakeMs,
  );
  if (!term || term.endMs === null) return null;
  const stopMs = term.endMs;
  const renewed = (renewals.get(replica) ?? []).some((atMs) => atMs >= wakeMs && atMs < stopMs);
  return renewed ? null : stopMs;
}

function writeMoments(trace: Trace, scenario: ResolvedScenario, push: Push): void {
  const job = scenario.job.kind;
  // The fence row's last_token when each write was decided (what a stale write lost to).
  const fenceAt = new Map<number, number>();
  let lastToken: number | null = null;
  for (const entry of trace.entries) {
    if (entry.kind === 'fence') lastToken = entry.lastToken;
    else if (entry.kind === 'write' && lastToken !== null) fenceAt.set(entry.writeId, lastToken);
  }
  const applied = new Map<number, number>();
  let highestAccepted: number | null = null;
  for (const write of trace.writes) {
    const base = {
      atMs: write.atMs,
      replica: write.replica,
      job,
      writeId: write.writeId,
      order: write.order,
      token: write.token,
    } as const;
    if (write.result === 'stale') {
      push({
        kind: 'write',
        priority: 3,
        outcome: 'stale',
        times: applied.get(write.order) ?? 0,
        highestToken: fenceAt.get(write.writeId) ?? highestAccepted,
        ...base,
      });
      continue;
    }
    if (write.result === 'duplicate') {
      push({
        kind: 'write',
        priority: 2,
        outcome: 'duplicate',
        times: applied.get(write.order) ?? 0,
        highestToken: null,
        ...base,
      });
      continue;
    }
    const times = (applied.get(write.order) ?? 0) + 1;
    applied.set(write.order, times);
    const behind = write.token !== null && highestAccepted !== null && write.token < highestAccepted;
    if (times > 1) {
      push({
        kind: 'write',
        priority: 3,
        outcome: 'appliedAgain',
        times,
        highestToken: behind ? highestAccepted : null,
        ...base,
      });
    } else if (behind) {
      push({ kind: 'write', priority: 3, outcome: 'staleAccepted', times, highestToken: highestAccepted, ...base });
    }
    if (write.token !== null && (highestAccepted === null || write.token > highestAccepted))
      highestAccepted = write.token;
  }
}
