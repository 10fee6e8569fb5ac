/**
 * When a lease really ran out, for the EX03 checklist. A grant record's `untilClockMs` follows
 * the `shedlock` row, and ShedLock's unlock writes `lock_until = now()` even when the lease has
 * already lapsed and nobody took the lock (A wakes from a long pause in a night where no one
 * else polls): the record then says the lease lasted until the release. The row's history in
 * the trace keeps the lease's real end, and that is what "A's lease expires" is about.
 */
import type { ResolvedScenario } from '../../model/resolvedScenario';
import { validUntilMs } from '../invariants';
import { NodeClock } from '../nodeClock';
import type { GrantRecord, LockRowView } from '../trace';
import type { NightIndex } from './ex03ChecklistIndex';

/** True time at which `grant` stopped being valid (release, forced end or expiry). Pure. */
export function leaseEndMs(scenario: ResolvedScenario, night: NightIndex, grant: GrantRecord): number {
  const recordedMs = validUntilMs(grant);
  if (scenario.lock.kind !== 'shedlock' || grant.endReason !== 'released' || grant.endMs === null) return recordedMs;
  const host = scenario.replicas.find((replica) => replica.id === grant.replica)?.host;
  const rows = holderRows(night, grant, host);
  const released = rows.at(-1);
  const before = rows.at(-2);
  // The release only moves lock_until later when the lease had already lapsed.
  if (released === undefined || before === undefined || before.lockUntilMs >= released.lockUntilMs) return recordedMs;
  return Math.min(
    recordedMs,
    clockOf(scenario, grant.clockNode).trueTimeWhenWallReaches(before.lockUntilMs, grant.grantMs),
  );
}

/** The `shedlock` row states logged while `host` held it under `grant`, oldest first. */
function holderRows(night: NightIndex, grant: GrantRecord, host: string | undefined): LockRowView[] {
  const rows: LockRowView[] = [];
  for (const { atMs, row } of night.lockRows) {
    if (atMs > (grant.endMs ?? Number.POSITIVE_INFINITY)) break;
    if (atMs >= grant.grantMs && row.lockedBy === host) rows.push(row);
  }
  return rows;
}

/** A node's clock, built as the simulation builds it (`simulation.ts`): db and Redis run exact. */
function clockOf(scenario: ResolvedScenario, node: string): NodeClock {
  const jumps = scenario.events.flatMap((event) =>
    event.type === 'clockJump' && event.node === node ? [{ atMs: event.atMs, byMs: event.byMs }] : [],
  );
  const replica = scenario.replicas.find((candidate) => candidate.id === node);
  return new NodeClock(replica?.clockOffsetMs ?? 0, replica?.clockDriftPpm ?? 0, scenario.windowFromMs, jumps);
}
