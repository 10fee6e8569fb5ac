/**
 * The cleanup (docs/model.md §9 S18): deleting expired rows is idempotent. LOAD selects the rows
 * not deleted yet, each WRITE deletes one (a second delete matches 0 rows and has no effect,
 * so it is safe anywhere, lock or not), MARK_DONE inserts `recon_run(D)`. A row is deleted
 * when its `appliedCount` is 1.
 */
import { pendingItems, type RecordSql } from '../../database';
import type { CleanupView } from '../../serviceHistory';
import type { Job, JobContext } from '../job';
import { markNightDone, nightWorkLeft } from '../nightRun';
import { times } from '../words';

/** Deleting a row (the WRITE step): the first delete has the effect, later ones match nothing. */
export function deleteRow(sim: JobContext, row: number, record: RecordSql): 'accepted' | 'duplicate' {
  const deleted = (sim.db.appliedCount[row] ?? 0) > 0;
  if (!deleted) sim.db.appliedCount[row] = 1;
  record({ kind: 'cleanupDelete', row: row + 1 }, deleted ? 0 : 1, deleted ? 'duplicate' : 'applied');
  return deleted ? 'duplicate' : 'accepted';
}

export const cleanupJob: Job<null, never> = {
  createState: () => null,
  load: (sim, _state, _process, _pending, record) => {
    const pending = pendingItems(sim.db);
    record({ kind: 'cleanupSelect', rows: pending.map((row) => row + 1) }, pending.length, 'loaded');
    return { type: 'SNAPSHOT', pending };
  },
  write: (sim, _state, _process, itemIndex, _token, record) => deleteRow(sim, itemIndex, record),
  markDone: (sim, _state, _process, record) => markNightDone(sim.db, record),
  step: () => {
    throw new Error('the cleanup schedules no steps of its own');
  },
  replicaDown: () => {},
  // Never reported: no row is deleted twice (a second delete is a duplicate, not applied). The
  // trace format has no noun of its own for it; the kernel always named it 'order'.
  duplicateUnit: 'order',
  workLeft: (sim) => nightWorkLeft(sim.db, sim.scenario.job.items.length),
  recordsEveryStep: true,
  serviceView: (sim) => {
    const view: CleanupView = { kind: 'cleanup', deleted: sim.db.appliedCount.map((count) => count > 0) };
    return view;
  },
  lint: () => [],
  words: {
    itemName: (id) => `row ${id}`,
    safeSummary: 'no expired row deleted twice',
    doneTimes: (id, count) => `expired row ${id} deleted ${times(count)}`,
    missedText: (left, total) =>
      `cleanup not done: the night was not marked done and no run is in progress (${left} of ${total} expired rows left)`,
  },
};
