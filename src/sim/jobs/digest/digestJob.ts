/**
 * The digest (docs/model.md §9 S17): one email for tonight, guarded by a unique "sent for date"
 * record (`Database.runDone`). Recorded before sending (`claimThenSend`, at LOAD), the record
 * is the lock: a second run finds it and sends nothing. Recorded after (`sendThenClaim`, at
 * MARK_DONE), every run that looked before anyone recorded sends: the email goes out twice.
 * "Applied" is "sent" (`appliedCount[0]`). Its work is done when the email went out, whether
 * or not the record says so (a record inserted by a replica that then died hides a digest
 * nobody sent).
 */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import type { RecordSql } from '../../database';
import { RUN_DATE } from '../../runDate';
import type { DigestView } from '../../serviceHistory';
import type { Job, JobContext } from '../job';
import { times } from '../words';

/** LOAD: with `claimThenSend` it inserts the record; otherwise it only looks. */
export function loadDigest(sim: JobContext, record: RecordSql): ReplicaEvent {
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
export function sendDigest(sim: JobContext, record: RecordSql): 'accepted' {
  sim.db.appliedCount[0] = (sim.db.appliedCount[0] ?? 0) + 1;
  record({ kind: 'digestSend', runDate: RUN_DATE }, 1, 'applied');
  return 'accepted';
}

/** MARK_DONE: `sendThenClaim` records the night now (a duplicate is ignored). */
export function markDigest(sim: JobContext, record: RecordSql): void {
  if (sim.scenario.job.sendOrder !== 'sendThenClaim') return;
  const recorded = sim.db.runDone;
  sim.db.runDone = true;
  record({ kind: 'digestRecord', runDate: RUN_DATE }, recorded ? 0 : 1, recorded ? 'duplicate' : 'inserted');
}

export const digestJob: Job<null, never> = {
  createState: () => null,
  load: (sim, _state, _process, _pending, record) => loadDigest(sim, record),
  write: (sim, _state, _process, _itemIndex, _token, record) => sendDigest(sim, record),
  markDone: (sim, _state, _process, record) => markDigest(sim, record),
  step: () => {
    throw new Error('the digest schedules no steps of its own');
  },
  replicaDown: () => {},
  duplicateUnit: 'email',
  workLeft: (sim) => ((sim.db.appliedCount[0] ?? 0) > 0 ? null : { left: 1, total: 1 }),
  recordsEveryStep: true,
  serviceView: (sim) => {
    const view: DigestView = { kind: 'digest', recorded: sim.db.runDone, sent: sim.db.appliedCount[0] ?? 0 };
    return view;
  },
  lint: () => [],
  words: {
    itemName: () => 'digest email',
    safeSummary: 'the digest email sent at most once',
    doneTimes: (_id, count) => `digest email sent ${times(count)}`,
    missedText: () => "digest not sent: no replica sent tonight's email and no run is in progress",
  },
};
