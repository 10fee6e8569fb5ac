/**
 * An operator kills a replica's database session (`killSession`, `pg_terminate_backend`): for
 * every lock kind the server ends the session and the replica's pool reconnects with a new one
 * on its next statement. Only an advisory lock lives in the session and goes with it
 * (`advisoryService.ts`); the other services call this as their `killSession`.
 */
import { type ReplicaProcess, renewSession } from '../replicaProcess';
import type { Simulation } from '../simulation';
import { endSession } from './advisory/advisoryProvider';

/**
 * Ends `session` at the server (the process moves to a new one if it was its current one).
 * True when the session held the advisory lock.
 */
export function terminateSession(
  sim: Pick<Simulation, 'db' | 'sqlRecorder'>,
  process: Pick<ReplicaProcess, 'id' | 'session' | 'sessionEpoch'>,
  session: string,
): boolean {
  if (session === process.session) renewSession(process);
  return endSession(sim.db, session, sim.sqlRecorder(null, null));
}

/** `LockService.killSession` of a lock that does not live in the database session. */
export function killDatabaseSession(
  sim: Pick<Simulation, 'db' | 'sqlRecorder'>,
  process: Pick<ReplicaProcess, 'id' | 'session' | 'sessionEpoch'>,
): void {
  terminateSession(sim, process, process.session);
}
