/**
 * The empty night of exercise EX03 ("draw the timeline of an unsafe lease: holder pause,
 * expiry, takeover, double write"): the flagship's set-up (three replicas retrying every
 * minute, a ShedLock lease of 5 minutes with tokens, fencing off) with no events, so the
 * student places the pause, and whatever else the answer needs, themselves. Pure.
 *
 * The lease is 5 minutes in a 12-minute window so that a pause the student draws can outlast
 * it and the takeover and the late write still fit on the chart.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';

export const EXERCISE_ID = 'ex03';
/** The document store's `source` for a freshly opened exercise. */
export const EXERCISE_SOURCE = 'exercise-ex03';

const retrying = (id: string, host: string, phase: string) => ({
  id,
  host,
  trigger: { at: '02:00:00', every: '60s', phase },
});

/** A fresh EX03 night; every call returns a new object (the document store compares by identity). */
export function ex03Night(): ScenarioDocument {
  return {
    format: 'leaseline/scenario',
    version: 1,
    title: 'EX03: the timeline of an unsafe lease',
    description:
      'Draw the night yourself: make A stall while it holds the lease, long enough for the lease to expire, so that B takes over and writes, and A wakes up and writes too.',
    exercise: EXERCISE_ID,
    explanation: '',
    window: { from: '02:00:00', to: '02:12:00' },
    replicas: [retrying('A', 'orders-0', '0s'), retrying('B', 'orders-1', '10s'), retrying('C', 'orders-2', '40s')],
    job: { kind: 'reconcile', load: '20s', perItem: '30s', markDone: '10s', skipIfDone: true },
    lock: { kind: 'shedlock', lockAtMostFor: '5m', lockAtLeastFor: '0s', time: 'db', token: true },
    storage: { fencing: 'off', fenceOnAcquire: true, uniqueKey: false, lastToken: 6 },
    events: [],
  };
}

/** Whether an address fragment asks for the exercise (`#exercise=ex03`). Pure. */
export function isExerciseHash(hash: string): boolean {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  return fragment.split('&').some((part) => part === `exercise=${EXERCISE_ID}`);
}
