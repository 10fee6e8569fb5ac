/**
 * Where a pressed palette item goes (a drag chooses its own lane and time). Pure.
 *
 * At the playhead a pause or a crash often does nothing visible: before the first grant, after
 * the night's work, or on a replica that holds nothing. A press therefore puts the faults that
 * act on the holder onto the holder, during its lease: the grant in force at the playhead
 * (then at the playhead itself, which the person chose), else the next grant after it, else
 * the night's first grant, a little after it began. What the person asked for (the selected
 * lane) wins when that replica holds a grant. The other items keep the playhead.
 */
import type { GrantRecord, Trace } from '../../sim/trace';

/** How far into a lease a pressed fault lands, at most (and at most half the lease). */
const INTO_LEASE_MS_MAX = 30_000;

export interface PaletteSpot {
  /** A replica id, `lock` or `storage`, as `newEvent` takes it. */
  readonly laneId: string;
  readonly atMs: number;
  /** The grant it acts on, when placed on a holder; null when it stayed at the playhead. */
  readonly grant: { readonly replica: string; readonly token: number | null } | null;
}

/** Types whose press is placed on the lock's holder during its lease. */
const ON_HOLDER: ReadonlySet<string> = new Set(['pause', 'crash', 'expireLock']);

function leaseEndMs(grant: GrantRecord): number {
  return grant.endMs ?? grant.intendedEndMs;
}

function holds(grant: GrantRecord, atMs: number): boolean {
  return grant.grantMs <= atMs && atMs < leaseEndMs(grant);
}

/** The grant a fault pressed at `playheadMs` should act on, or null on a night with none. */
function chosenGrant(grants: readonly GrantRecord[], playheadMs: number): GrantRecord | null {
  return (
    grants.find((grant) => holds(grant, playheadMs)) ??
    grants.find((grant) => grant.grantMs >= playheadMs) ??
    grants[0] ??
    null
  );
}

export function paletteSpot(
  type: string,
  trace: Pick<Trace, 'grants' | 'replicaIds'>,
  playheadMs: number,
  selectedReplica: string | null,
): PaletteSpot {
  const fallbackLane = selectedReplica ?? trace.replicaIds[0] ?? 'A';
  const atPlayhead: PaletteSpot = { laneId: fallbackLane, atMs: playheadMs, grant: null };
  if (!ON_HOLDER.has(type)) return atPlayhead;
  const mine = selectedReplica === null ? [] : trace.grants.filter((grant) => grant.replica === selectedReplica);
  const grant = chosenGrant(mine.length > 0 ? mine : trace.grants, playheadMs);
  if (grant === null) return atPlayhead;
  const intoMs = Math.min(INTO_LEASE_MS_MAX, Math.floor((leaseEndMs(grant) - grant.grantMs) / 2));
  const atMs = holds(grant, playheadMs) ? playheadMs : grant.grantMs + intoMs;
  const laneId = type === 'expireLock' ? 'lock' : grant.replica;
  return { laneId, atMs, grant: { replica: grant.replica, token: grant.token } };
}
