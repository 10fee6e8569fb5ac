/**
 * EX05's nights ("configure lockAtMostFor and lockAtLeastFor for a job that normally takes 3
 * minutes and at worst 20"): four scenario files built around the student's two durations,
 * each the night the course uses to explain one side of one bound (the presets S02 to S05):
 *
 * - `worstCase` (S04): A is slow, 234 s an item, 20 minutes in all (20 s + 5 × 234 s + 10 s); B and C poll every minute.
 *   lockAtMostFor must outlast it, or B runs the job a second time beside A.
 * - `crash` (S03): A crashes at 02:01:00 holding the lock; B and C poll every minute. The lock
 *   must free within an hour of the grant: the seed's answer is "about 30 minutes" and it asks
 *   that the lock "still releases after a crash"; twice the seed's value is the bound we take,
 *   so a crash costs the night at most an hour.
 * - `skew` (S05): a night with little to do (35 s), C's clock 45 s behind. lockAtLeastFor must
 *   hold the lock until C's cron fires, or C runs the night again. The seed's least value is
 *   1 minute, so the skew it guards against is under a minute: 45 s.
 * - `nextRun` (S02): a normal 3-minute night, then an operator's "run now" on B at 02:05:30,
 *   half a minute past the seed's largest lockAtLeastFor (5 minutes): it must not be blocked.
 *
 * Pure: data in, scenario documents out.
 */

export const EX05_NIGHT_IDS = ['worstCase', 'crash', 'skew', 'nextRun'] as const;
export type Ex05NightId = (typeof EX05_NIGHT_IDS)[number];

/** The student's durations as they wrote them (validated by the hand-in's loader). */
export interface Ex05Durations {
  readonly lockAtMostFor: string;
  readonly lockAtLeastFor: string;
}

/** The crash bound: the lock must be free within this long of the grant (see the file comment). */
export const EX05_CRASH_BOUND_MS = 60 * 60_000;
/** The skew of the `skew` night: C's clock is this far behind. */
export const EX05_SKEW_MS = 45_000;
/** When the operator's "run now" comes on the `nextRun` night. */
export const EX05_RUN_NOW_AT = '02:05:30';

const polling = (phase: string) => ({ at: '02:00:00', every: '60s', phase });
const POLLING_REPLICAS = [
  { id: 'A', host: 'orders-0', trigger: polling('0s') },
  { id: 'B', host: 'orders-1', trigger: polling('10s') },
  { id: 'C', host: 'orders-2', trigger: polling('40s') },
];
const STANDARD_JOB = { kind: 'reconcile', load: '20s', perItem: '30s', markDone: '10s' };

/** The night `id` as a scenario document with the student's lock. Pure. */
export function ex05Night(id: Ex05NightId, durations: Ex05Durations): Record<string, unknown> {
  const lock = { kind: 'shedlock', ...durations, time: 'db' };
  const base = { format: 'leaseline/scenario', version: 1, lock, storage: { fencing: 'off' } };
  switch (id) {
    case 'worstCase':
      return {
        ...base,
        title: 'EX05: the worst night, 20 minutes',
        window: { from: '02:00:00', to: '02:30:00' },
        replicas: POLLING_REPLICAS.map((replica) => (replica.id === 'A' ? { ...replica, perItem: '234s' } : replica)),
        job: { ...STANDARD_JOB, skipIfDone: true },
        events: [],
      };
    case 'crash':
      return {
        ...base,
        title: 'EX05: the holder crashes',
        window: { from: '02:00:00', to: '03:05:00' },
        replicas: POLLING_REPLICAS,
        job: { ...STANDARD_JOB, skipIfDone: true },
        events: [{ id: 'crash-a', type: 'crash', replica: 'A', at: '02:01:00' }],
      };
    case 'skew':
      return {
        ...base,
        title: 'EX05: a short night and clock skew',
        window: { from: '02:00:00', to: '02:04:00' },
        replicas: [
          { id: 'A', host: 'orders-0' },
          { id: 'B', host: 'orders-1' },
          { id: 'C', host: 'orders-2', clock: { offset: `-${EX05_SKEW_MS / 1000}s` } },
        ],
        job: { kind: 'reconcile', load: '5s', perItem: '5s', markDone: '5s', skipIfDone: false },
        events: [],
      };
    case 'nextRun':
      return {
        ...base,
        title: 'EX05: a run now after a normal night',
        window: { from: '02:00:00', to: '02:12:00' },
        replicas: [
          { id: 'A', host: 'orders-0' },
          { id: 'B', host: 'orders-1', trigger: { at: '03:00:00' } },
          { id: 'C', host: 'orders-2', trigger: { at: '03:00:00' } },
        ],
        job: { ...STANDARD_JOB, skipIfDone: false },
        events: [{ id: 'run-now', type: 'trigger', replica: 'B', at: EX05_RUN_NOW_AT }],
      };
  }
}
