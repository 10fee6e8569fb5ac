/**
 * The reconciliation (docs/model.md §3.3, §6): LOAD reads tonight's orders with no ledger row yet,
 * each WRITE is one order's transaction (`ledgerWrite.ts`: fence, ledger, balance), MARK_DONE
 * inserts `recon_run(D)`. Its rows are the database's own (`Database`): no state of its own.
 */
import { pendingItems } from '../../database';
import { RUN_DATE } from '../../runDate';
import type { Job } from '../job';
import { markNightDone, nightWorkLeft } from '../nightRun';
import { times } from '../words';
import { writeLedger } from './ledgerWrite';

export const reconciliationJob: Job<null, never> = {
  createState: () => null,
  load: (sim, _state, _process, _pending, record) => {
    const pending = pendingItems(sim.db);
    const orders = pending.map((index) => sim.scenario.job.items[index]?.order ?? 0);
    record({ kind: 'load', runDate: RUN_DATE, orders }, pending.length, 'loaded');
    return { type: 'SNAPSHOT', pending };
  },
  write: (sim, _state, _process, itemIndex, token, record) =>
    writeLedger(sim.db, sim.scenario, itemIndex, token, record),
  markDone: (sim, _state, _process, record) => markNightDone(sim.db, record),
  step: () => {
    throw new Error('the reconciliation schedules no steps of its own');
  },
  replicaDown: () => {},
  duplicateUnit: 'order',
  workLeft: (sim) => nightWorkLeft(sim.db, sim.scenario.job.items.length),
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  words: {
    itemName: (id) => `order ${id}`,
    safeSummary: 'no order applied twice, no stale token accepted',
    doneTimes: (id, count) => `order ${id} applied ${times(count)}`,
    missedText: () => 'run missed: the night was not marked done and no run is in progress',
  },
};
