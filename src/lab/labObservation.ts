/**
 * What the harness gathered in one lab night, before any judgement: the lock row's history
 * and the ledger (the database's word), the built-in worker's log, the pauses it made and how
 * each worker process ended (the process table's word). `labReport.ts` and
 * `acceptanceSteps.ts` judge it; both read grants and times through the helpers here.
 */
import type { RunLine, StatementLine } from './workerLog';

export const NIGHT_START_MS = 2 * 3_600_000;

export interface LockHistoryRow {
  readonly changedAtMs: number;
  readonly lockUntilMs: number;
  readonly lockedAtMs: number;
  readonly lockedBy: string;
  readonly token: number;
}

export interface LedgerRow {
  readonly order: number;
  readonly runDate: string;
  readonly token: number | null;
  readonly replica: string;
  readonly committedAtMs: number;
}

export interface LabPause {
  readonly replica: string;
  readonly fromLocalMs: number;
  readonly toLocalMs: number | null;
}

/** How one worker process ended, on the harness's clock. */
export interface WorkerEnd {
  readonly replica: string;
  readonly atLocalMs: number;
  readonly code: number | null;
  readonly signal: string | null;
  /** The harness killed it (the deadline, or a failure elsewhere), rather than it ending by itself. */
  readonly killedByHarness: boolean;
}

export interface LabObservation {
  readonly scale: number;
  readonly replicas: readonly { readonly id: string; readonly hostname: string }[];
  /** The night's start on the database's clock and on the harness's, the same instant. */
  readonly nightStartDbMs: number;
  readonly nightStartLocalMs: number;
  readonly tokenColumn: boolean;
  readonly lockHistory: readonly LockHistoryRow[];
  readonly ledger: readonly LedgerRow[];
  readonly statements: readonly StatementLine[];
  readonly runLines: readonly RunLine[];
  readonly pauses: readonly LabPause[];
  /** `--pause`: with `none` the run is not the acceptance test. */
  readonly pauseMode: 'auto' | 'none';
  /** Real milliseconds: the deadline, and one retry period (the least a resumed worker is given to act). */
  readonly deadlineMs: number;
  readonly retryMs: number;
  readonly deadlineReached: boolean;
  readonly workerEnds: readonly WorkerEnd[];
  /** When the last worker was gone, on the harness's clock. */
  readonly endLocalMs: number;
}

/** Turns real times into simulated times of night (ms). */
export interface NightClock {
  readonly fromDb: (dbMs: number) => number;
  readonly fromLocal: (localMs: number) => number;
}

export function nightClock(
  observation: Pick<LabObservation, 'scale' | 'nightStartDbMs' | 'nightStartLocalMs'>,
): NightClock {
  const toSim = (realSinceStartMs: number) =>
    NIGHT_START_MS + Math.max(0, Math.round((realSinceStartMs * 1000) / observation.scale));
  return {
    fromDb: (dbMs) => toSim(dbMs - observation.nightStartDbMs),
    fromLocal: (localMs) => toSim(localMs - observation.nightStartLocalMs),
  };
}

export interface GrantSpan {
  readonly replica: string;
  readonly token: number | null;
  readonly atMs: number;
  /** The last `lock_until` the grant had (its release, once released). */
  untilMs: number;
  releasedAtMs: number | null;
  /** Each change of the grant's `lock_until`, in order: the lease as it stood at any moment. */
  readonly leases: { readonly changedAtMs: number; readonly untilMs: number }[];
}

/** Grants from the lock row's history: a new `locked_at` is a new grant; later changes of the same grant are its extension or release. */
export function grantsOf(observation: LabObservation, replicaOfHost: (host: string) => string): GrantSpan[] {
  const grants: GrantSpan[] = [];
  let previous: LockHistoryRow | null = null;
  for (const row of observation.lockHistory) {
    const sameGrant = previous !== null && previous.lockedAtMs === row.lockedAtMs && previous.lockedBy === row.lockedBy;
    if (row.lockedAtMs < observation.nightStartDbMs) {
      previous = row;
      continue;
    }
    if (!sameGrant) {
      grants.push({
        replica: replicaOfHost(row.lockedBy),
        token: observation.tokenColumn ? row.token : null,
        atMs: row.lockedAtMs,
        untilMs: row.lockUntilMs,
        releasedAtMs: null,
        leases: [{ changedAtMs: row.changedAtMs, untilMs: row.lockUntilMs }],
      });
    } else {
      const grant = grants.at(-1);
      if (grant !== undefined) {
        if (row.lockUntilMs < grant.untilMs) grant.releasedAtMs = row.changedAtMs;
        grant.untilMs = row.lockUntilMs;
        grant.leases.push({ changedAtMs: row.changedAtMs, untilMs: row.lockUntilMs });
      }
    }
    previous = row;
  }
  return grants;
}

/** Replica ids by ShedLock's `locked_by` (the hostname), or the name itself when it is not a replica's. */
export function replicaOfHostIn(observation: Pick<LabObservation, 'replicas'>): (name: string) => string {
  const hostToReplica = new Map(observation.replicas.map((replica) => [replica.hostname, replica.id]));
  return (name) => hostToReplica.get(name) ?? name;
}
