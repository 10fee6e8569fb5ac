/**
 * A state of a reconciliation night from which no order is ever written again, whatever
 * comes next, so I3 and I4 (the invariants `leaseline verify` merges futures for) are decided
 * there: I3 by how many times each order has been applied so far, I4 by what was accepted so
 * far (docs/verify.md "Settled nights").
 *
 * Why no write can follow: every write is of an item in a run's plan, and a run loads its
 * plan as the orders with no ledger row yet (`reconciliationJob.ts`; the machine is fresh in
 * idle and loads before anything else: `replicaMachine.ts`). So when every order has its
 * ledger row, no replica is in a run (idle, no run record, no work step, no write held by a
 * pause, no reply waiting), and nothing in flight can reach the database (the queue holds only
 * trigger ticks, the lock service's own steps, a pause's end and a restart, none of which is a
 * message), every later run loads an empty plan and marks the night done. Faults still to come
 * cannot change that: a pause, a crash, a killed session, a forced expiry, a failover, a
 * partition or a clock jump moves the lock, not the orders; a write's pause or delay needs a
 * write. A crashed replica with no restart queued never acts again. Pure.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { AgendaItem } from '../sim/agenda';
import type { World } from '../sim/world';

/** What the queue may still hold: ticks of the triggers and of the lock service, a pause's end, a restart. */
const QUIET_ITEMS: ReadonlySet<AgendaItem['kind']> = new Set(['trigger', 'service', 'pauseEnd', 'restart']);

export function writesNoMore(world: World, scenario: ResolvedScenario): boolean {
  if (scenario.job.kind !== 'reconcile') return false;
  if (world.db.appliedCount.some((count) => count === 0)) return false;
  for (const process of world.processes) {
    // Down, a process holds nothing: a crash ends its run, drops its held write and replies,
    // and a write it sent before would be in the queue.
    if (process.proc === 'down') continue;
    if (
      process.activity !== 'idle' ||
      process.run !== null ||
      process.workDueMs !== null ||
      process.heldWrite !== null ||
      process.inbox.length > 0
    ) {
      return false;
    }
  }
  return world.queue.heap.every(({ item }) => QUIET_ITEMS.has(item.kind));
}

/** Whether some order has been applied more than once: I3, as the night's end counts it. */
export function appliedMoreThanOnce(world: World): boolean {
  return world.appliedAtMs.some((times) => times.length > 1);
}
