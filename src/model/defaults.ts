/**
 * The standard night (docs/scenario-format.md "Defaults"), written in the file's own notation so it reads
 * like a scenario file and goes through the same parsers as user input.
 */

export const DEFAULT_WINDOW = { from: '02:00:00', to: '02:10:00' } as const;

export const DEFAULT_REPLICA_COUNT = 3;

/** Replica `index` is called A, B, C... unless the file names it. Pure. */
export function defaultReplicaId(index: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + index);
}

/** ShedLock's `locked_by` for replica `index`: the pod names of a StatefulSet. Pure. */
export function defaultReplicaHost(index: number): string {
  return `orders-${index}`;
}

/** An event's id when the file gives none; stable while events are only appended. Pure. */
export function defaultEventId(index: number): string {
  return `e${index}`;
}

export const DEFAULT_TRIGGER = { at: '02:00:00', phase: '0s' } as const;
export const DEFAULT_CLOCK = { offset: '0s', driftPpm: 0 } as const;

/** Tonight's five order adjustments (docs/model.md §3.3). */
export const DEFAULT_ITEMS = [
  { order: 1001, amount: '5.00' },
  { order: 1002, amount: '-2.50' },
  { order: 1003, amount: '5.00' },
  { order: 1004, amount: '12.00' },
  { order: 1005, amount: '-1.00' },
] as const;

export const DEFAULT_JOB = {
  kind: 'reconcile',
  load: '20s',
  perItem: '30s',
  markDone: '10s',
  skipIfDone: false,
} as const;

/** The nightly digest of S17: one email for tonight, a few seconds of work. */
export const DEFAULT_DIGEST = { load: '1s', perItem: '2s', markDone: '1s', sendOrder: 'claimThenSend' } as const;

/** The cleanup of S18: five expired sessions to delete, a second each. */
export const DEFAULT_CLEANUP = { rows: 5, load: '1s', perItem: '1s', markDone: '1s' } as const;

/** The outbox relay of S16: 30 rows, claimed 10 at a time, 50 ms to publish each. */
export const DEFAULT_OUTBOX = {
  rows: 30,
  batch: 10,
  claim: 'skipLocked',
  load: '0s',
  perItem: '50ms',
  markDone: '0s',
} as const;

export const DEFAULT_SHEDLOCK = {
  lockAtMostFor: '30m',
  lockAtLeastFor: '0s',
  time: 'db',
  token: false,
  tokenMint: 'grant',
  keepAlive: false,
} as const;

/** client-go's core defaults (F13). */
export const DEFAULT_LEASE = { leaseDuration: '15s', renewDeadline: '10s', retryPeriod: '2s', token: false } as const;

export const DEFAULT_REDIS = { ttl: '30m', release: 'compareAndDelete', token: 'none' } as const;
export const DEFAULT_REDIS_REPLICA = { lag: '1s', promoteAfter: '5s' } as const;

export const DEFAULT_CONSENSUS = { sessionTtl: '10s', recheckAfterWait: true } as const;

export const DEFAULT_STORAGE = { fencing: 'off', fenceOnAcquire: true, uniqueKey: false, lastToken: 6 } as const;
