/**
 * The jobs of EX01 besides reconciliation and the outbox (DOMAIN.md §9 S17, S18):
 * - `digest`: one email for tonight, guarded by a unique "sent for date" record. Recorded
 *   before sending (`claimThenSend`), the record is the lock: a second run finds it and sends
 *   nothing. Recorded after (`sendThenClaim`), every run that looked before anyone recorded
 *   sends: the email goes out twice. "Applied" is "sent".
 * - `cleanup`: deleting expired rows is idempotent: a second delete matches 0 rows and has no
 *   effect, so it is safe anywhere, lock or not.
 */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { RecordSql } from './database';
import { RUN_DATE } from './runDate';
import type { Simulation } from './simulation';

/** The digest's LOAD: with `claimThenSend` it inserts the record; otherwise it only looks. */
export function loadDigest(sim: Simulation, record: RecordSql): ReplicaEvent {
  const recorded = sim.db.runDone;
  if (sim.scenario.job.sendOrder === 'claimThenSend') {
    if (!recorded) sim.db.runDone = true;
    record({ kind: 'digestRecord', runDate: RUN_DATE }, recorded ? 0 : 1, recorded ? 'duplicate' : 'inserted');
    return { type: 'SNAPSHOT', pending: recorded ? [] : [0] };
  }
  record({ kind: 'digestCheck', runDate: RUN_DATE }, recorded ? 1 : 0, recorded ? 'done' : 'notDone');
  return { type: 'SNAPSHOT', pending: recorded ? [] : [0] };
}

/** Sending the email (the WRITE step): every send reaches a reader. */
export function sendDigest(sim: Simulation, record: RecordSql): 'accepted' {
  sim.db.appliedCount[0] = (sim.db.appliedCount[0] ?? 0) + 1;
  record({ kind: 'digestSend', runDate: RUN_DATE }, 1, 'applied');
  return 'accepted';
}

/** The digest's MARK_DONE: `sendThenClaim` records the night now (a duplicate is ignored). */
export function markDigest(sim: Simulation, record: RecordSql): void {
  if (sim.scenario.job.sendOrder !== 'sendThenClaim') return;
  const recorded = sim.db.runDone;
  sim.db.runDone = true;
  record({ kind: 'digestRecord', runDate: RUN_DATE }, recorded ? 0 : 1, recorded ? 'duplicate' : 'inserted');
}

/** The cleanup's LOAD: the rows not deleted yet. */
export function loadCleanup(sim: Simulation, record: RecordSql): ReplicaEvent {
  const pending = sim.db.pendingItems();
  record({ kind: 'cleanupSelect', rows: pending.map((row) => row + 1) }, pending.length, 'loaded');
  return { type: 'SNAPSHOT', pending };
}

/** Deleting a row (the WRITE step): the first delete has the effect, later ones match nothing. */
export function deleteRow(sim: Simulation, row: number, record: RecordSql): 'accepted' | 'duplicate' {
  const deleted = (sim.db.appliedCount[row] ?? 0) > 0;
  if (!deleted) sim.db.appliedCount[row] = 1;
  record({ kind: 'cleanupDelete', row: row + 1 }, deleted ? 0 : 1, deleted ? 'duplicate' : 'applied');
  return deleted ? 'duplicate' : 'accepted';
}
