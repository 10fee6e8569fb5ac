/**
 * The course's solution points for the written exercises (MID-032, its "Solutions" section),
 * in our words: what a marker looks for in EX01, EX02 and EX06. The module page lists them
 * under each answer as boxes to tick; nothing marks an answer automatically. Pure data.
 */
export type WrittenExercise = 'ex01' | 'ex02' | 'ex06';

export const WRITTEN_EXERCISES: readonly WrittenExercise[] = ['ex01', 'ex02', 'ex06'];

export const SOLUTION_POINTS: Readonly<Record<WrittenExercise, readonly string[]>> = {
  ex01: [
    'Reconciliation needs one runner: a lock and fencing',
    'The outbox relay can share the work with SKIP LOCKED',
    'The email digest needs a lock or a unique "sent for date" record',
    'Cleanup of old rows is idempotent and can run anywhere',
  ],
  ex02: [
    'Instances compete for a lease',
    'The winner acts and renews the lease',
    'If the leader dies, its lease expires and another instance wins',
    'The old leader must stop when a renewal fails',
  ],
  ex06: [
    'A Redis lock cannot guarantee exclusion under pauses or a failover',
    'Make payouts idempotent (a unique payout key)',
    'Add fencing in the payout table',
    'Use the lock only to reduce duplicate work',
  ],
};
