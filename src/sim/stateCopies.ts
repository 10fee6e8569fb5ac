/**
 * Checkpoints of the lock stores whose state is all in public fields: the database and the
 * consensus store. Here rather than as methods so that only the code that re-simulates (the
 * night worker's chunk) carries them. The kernel's own state is copied as one `World`
 * (`world.ts`), the job's state is plain data copied whole; Redis saves its own.
 */

import type { Database, LockRow } from './database';
import type { ConsensusKey, ConsensusStore, Waiter } from './services/consensus/consensusStore';

/** Overwrites `target`'s values with `source`'s: the array keeps its identity. */
function copyInto<T>(target: T[], source: readonly T[]): void {
  for (let index = 0; index < source.length; index++) target[index] = source[index] as T;
  target.length = source.length;
}

export interface DatabaseCheckpoint {
  readonly lockRow: Readonly<LockRow>;
  readonly jobLastToken: number;
  readonly tokenSequence: number;
  readonly rowLastToken: readonly number[];
  readonly appliedCount: readonly number[];
  readonly balanceDeltaCents: readonly number[];
  readonly runDone: boolean;
  readonly advisoryHolder: string | null;
}

export function saveDatabase(db: Database): DatabaseCheckpoint {
  return {
    lockRow: { ...db.lockRow },
    jobLastToken: db.jobLastToken,
    tokenSequence: db.tokenSequence,
    rowLastToken: db.rowLastToken.slice(),
    appliedCount: db.appliedCount.slice(),
    balanceDeltaCents: db.balanceDeltaCents.slice(),
    runDone: db.runDone,
    advisoryHolder: db.advisoryHolder,
  };
}

export function restoreDatabase(db: Database, saved: DatabaseCheckpoint): void {
  Object.assign(db.lockRow, saved.lockRow);
  db.jobLastToken = saved.jobLastToken;
  db.tokenSequence = saved.tokenSequence;
  copyInto(db.rowLastToken, saved.rowLastToken);
  copyInto(db.appliedCount, saved.appliedCount);
  copyInto(db.balanceDeltaCents, saved.balanceDeltaCents);
  db.runDone = saved.runDone;
  db.advisoryHolder = saved.advisoryHolder;
}

/** Keys and waiters are immutable records: the arrays are copied, not the records. */
export interface ConsensusCheckpoint {
  readonly keys: readonly ConsensusKey[];
  readonly counter: number;
  readonly sessions: readonly (readonly [string, number])[];
  readonly waiters: readonly Waiter[];
}

export function saveConsensus(store: ConsensusStore): ConsensusCheckpoint {
  return {
    keys: store.keys.slice(),
    counter: store.counter,
    sessions: [...store.sessions],
    waiters: store.waiters.slice(),
  };
}

export function restoreConsensus(store: ConsensusStore, saved: ConsensusCheckpoint): void {
  store.keys = saved.keys.slice();
  store.counter = saved.counter;
  store.sessions.clear();
  for (const [session, deadlineMs] of saved.sessions) store.sessions.set(session, deadlineMs);
  store.waiters = saved.waiters.slice();
}
