/**
 * EX03, "the timeline of an unsafe lease", as a checklist read off a simulated night: some
 * replica X is granted the lock, stalls while holding it, its lease expires while X still
 * believes it holds it, another replica Y takes the lock and writes, X resumes and writes
 * after Y's grant, and the same item is applied by both (I3). The student's exercise mode
 * ticks these as the night shows them, and `leaseline grade ex03` grades hand-ins with them.
 *
 * "X still believes it holds the lock" is read as "X's run that got the grant has not ended":
 * the simulator drops a replica's belief exactly when that run ends (released, aborted,
 * crashed), which is also where the zombie window of I2 closes. Pure.
 */
import type { ResolvedScenario } from '../../model/resolvedScenario';
import { validUntilMs } from '../invariants';
import type { GrantRecord, RunRecord, Trace, WriteRecord } from '../trace';
import { indexNight, type NightIndex } from './ex03ChecklistIndex';
import { leaseEndMs } from './ex03ChecklistLease';

/** The six parts of the answer, in the order the exercise lists them. */
export const EX03_ITEM_IDS = ['acquires', 'stalls', 'expires', 'takeover', 'resumesWrites', 'bothApplied'] as const;
export type Ex03ItemId = (typeof EX03_ITEM_IDS)[number];

export interface Ex03Item {
  readonly id: Ex03ItemId;
  readonly done: boolean;
  /** True time at which the night shows this part; null when it does not. */
  readonly atMs: number | null;
  /** The replica that does it: X, except Y for `takeover` and the later writer for `bothApplied`. */
  readonly replica?: string;
}

export interface Ex03Checklist {
  /** Always the six items of EX03_ITEM_IDS, in that order. */
  readonly items: readonly Ex03Item[];
  /** invariant: true iff every item is done. */
  readonly complete: boolean;
}

type Evidence = { readonly atMs: number; readonly replica: string } | null;

/**
 * The checklist of a night. Every grant is tried as X's grant and the one that shows the
 * most parts wins (the earliest on a tie), so a night where C is the unlucky holder counts
 * as much as one where A is. Pure; indexed once, so about linear in the trace.
 */
export function ex03Checklist(scenario: ResolvedScenario, trace: Trace): Ex03Checklist {
  const night = indexNight(trace);
  let best: readonly Evidence[] = EX03_ITEM_IDS.map(() => null);
  for (let index = 0; index < night.grants.length; index += 1) {
    const evidence = evidenceFor(scenario, night, index);
    if (doneCount(evidence) > doneCount(best)) best = evidence;
  }
  const items = EX03_ITEM_IDS.map((id, index): Ex03Item => {
    const found = best[index] ?? null;
    return found === null ? { id, done: false, atMs: null } : { id, done: true, ...found };
  });
  return { items, complete: items.every((item) => item.done) };
}

function doneCount(evidence: readonly Evidence[]): number {
  return evidence.filter((found) => found !== null).length;
}

/** The six pieces of evidence with `night.grants[index]` as X's grant, in EX03_ITEM_IDS order. */
function evidenceFor(scenario: ResolvedScenario, night: NightIndex, index: number): Evidence[] {
  const grant = night.grants[index] as GrantRecord;
  const x = grant.replica;
  const believedUntilMs = believedUntil(night, grant);
  const leaseEnd = leaseEndMs(scenario, night, grant);
  const heldUntilMs = Math.min(leaseEnd, believedUntilMs);
  const acquires: Evidence = { atMs: grant.grantMs, replica: x };

  const pauseMs = (night.pausesMs.get(x) ?? []).find((atMs) => atMs >= grant.grantMs && atMs < heldUntilMs);
  const stalls: Evidence = pauseMs === undefined ? null : { atMs: pauseMs, replica: x };

  // X's own release in time ends its belief too; only an end X did not ask for is an expiry.
  const releasedInTime = grant.endReason === 'released' && grant.endMs !== null && leaseEnd >= grant.endMs;
  const expired = !releasedInTime && leaseEnd < believedUntilMs && leaseEnd < scenario.windowToMs;
  const expires: Evidence = expired ? { atMs: leaseEnd, replica: x } : null;

  // Y's grants while X still believes: X is a zombie from the first of them on.
  const takeovers: GrantRecord[] = [];
  for (let later = index + 1; later < night.grants.length; later += 1) {
    const other = night.grants[later] as GrantRecord;
    if (other.grantMs >= believedUntilMs) break;
    if (other.replica !== x) takeovers.push(other);
  }
  const written = takeovers
    .map((other) => ({ other, write: grantWrites(night, other).find((w) => w.result === 'accepted') }))
    .find((pair) => pair.write !== undefined);
  const taker = written?.other ?? takeovers[0];
  const takeover: Evidence =
    written?.write === undefined ? null : { atMs: written.write.atMs, replica: written.other.replica };

  const xWrites = grantWrites(night, grant);
  const lateWrite = taker === undefined ? undefined : xWrites.find((write) => write.sentMs >= taker.grantMs);
  const resumesWrites: Evidence = lateWrite === undefined ? null : { atMs: lateWrite.sentMs, replica: x };

  const bothApplied = taker === undefined ? null : doubleApply(xWrites, grantWrites(night, taker));
  return [acquires, stalls, expires, takeover, resumesWrites, bothApplied];
}

/** Until when the holder of `grant` believes it holds the lock (Infinity: past the night). */
function believedUntil(night: NightIndex, grant: GrantRecord): number {
  const run = runOf(night, grant);
  if (run === undefined) return validUntilMs(grant);
  return run.endMs ?? Number.POSITIVE_INFINITY;
}

/** The holder's run in which the grant was made (ShedLock, Redis, etcd: the acquiring run). */
function runOf(night: NightIndex, grant: GrantRecord): RunRecord | undefined {
  return night.runs
    .get(grant.replica)
    ?.find((run) => run.startMs <= grant.grantMs && (run.endMs === null || run.endMs >= grant.grantMs));
}

/**
 * The writes made under a grant: those of its run; for a lock whose grants are not tied to a
 * run (a leader's term), the holder's writes sent while the grant was valid.
 */
function grantWrites(night: NightIndex, grant: GrantRecord): readonly WriteRecord[] {
  const run = runOf(night, grant);
  if (run !== undefined) return night.writesByRun.get(run.runId) ?? [];
  const untilMs = validUntilMs(grant);
  return (night.writesByReplica.get(grant.replica) ?? []).filter(
    (write) => write.sentMs >= grant.grantMs && write.sentMs < untilMs,
  );
}

/** The first moment an item has been applied by both writers: the later of the two writes. */
function doubleApply(first: readonly WriteRecord[], second: readonly WriteRecord[]): Evidence {
  let found: Evidence = null;
  for (const a of first) {
    if (a.result !== 'accepted') continue;
    for (const b of second) {
      if (b.result !== 'accepted' || b.order !== a.order) continue;
      const later = a.atMs >= b.atMs ? a : b;
      if (found === null || later.atMs < found.atMs) found = { atMs: later.atMs, replica: later.replica };
    }
  }
  return found;
}
