/**
 * The `advisory` lock kind as a `LockService`: a PostgreSQL session advisory lock
 * (`advisoryProvider.ts`). Written against `AdvisoryContext`, the part of the simulation it
 * touches, so a test can drive it without a night (`advisoryService.test.ts`).
 */
import type { ReplicaEvent } from '../../../machines/replicaMachine';
import { type GrantLog, recordGrant } from '../../grantLog';
import { processAt, type ReplicaProcess } from '../../replicaProcess';
import type { Simulation } from '../../simulation';
import { terminateSession } from '../databaseSession';
import type { LockService } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';
import {
  advisoryUnlock,
  endSession,
  isAdvisoryHolder,
  NO_EXPIRY_MS,
  SESSION_DETECT_MS,
  tryAdvisoryLock,
} from './advisoryProvider';

/** What the advisory lock reads and changes of the simulation. */
export type AdvisoryContext = GrantLog &
  Pick<Simulation, 'db' | 'changeGrant' | 'schedule' | 'sqlRecorder'> & {
    readonly processes: readonly AdvisoryProcess[];
  };

/** What the advisory lock knows of a replica's process: its name and database session. */
export type AdvisoryProcess = Pick<ReplicaProcess, 'id' | 'index' | 'session' | 'sessionEpoch'>;

type AdvisoryLock = { readonly kind: 'advisory' };

/** The server notices a dead process's session and ends it (its advisory lock goes with it). */
export interface SessionDeath {
  readonly kind: 'sessionDeath';
  readonly replica: number;
  readonly session: string;
}

export const advisoryService: LockService<AdvisoryLock, AdvisoryContext, AdvisoryProcess, SessionDeath> = {
  ...QUIET_HOOKS,
  acquireOwed: null,
  acquire: (sim, process, _lock, _lockNowMs, record): ReplicaEvent => {
    if (!tryAdvisoryLock(sim.db, process.session, record)) return { type: 'DENIED' };
    // A re-entrant grant to the session that already holds it is the same grant.
    const current = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    if (current && current.replica === process.id && current.endMs === null) return { type: 'GRANTED', token: null };
    recordGrant(sim, process, { token: null, untilClockMs: NO_EXPIRY_MS, clockNode: 'db', expires: false });
    return { type: 'GRANTED', token: null };
  },
  isHolder: (sim, process, _lock, _lockNowMs, record) => isAdvisoryHolder(sim.db, process.session, record),
  release: (sim, process, _lock, _lockNowMs, record): ReplicaEvent => {
    const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    if (advisoryUnlock(sim.db, process.session, record) && grant && grant.endMs === null) {
      sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'released' });
    }
    return { type: 'RELEASED' };
  },
  forceExpire: (sim) => {
    // An advisory lock has no expiry to force: the operator terminates the holder's session.
    const holder = sim.db.advisoryHolder;
    const process = sim.processes.find((candidate) => candidate.session === holder);
    // A dead process's session may still hold it; ending it needs no live process then.
    if (holder !== null && process) endReplicaSession(sim, process, holder);
    else if (holder !== null) endDeadSession(sim, holder);
  },
  replicaStarted: () => {},
  replicaDown: (sim, process) => {
    // The database learns of the dead connection only later (docs/model.md §4 row X).
    const death: SessionDeath = { kind: 'sessionDeath', replica: process.index, session: process.session };
    sim.schedule(sim.nowMs + SESSION_DETECT_MS, 1, process.index, { kind: 'service', payload: death });
  },
  killSession: (sim, process) => endReplicaSession(sim, process, process.session),
  handle: (sim, payload) => {
    endReplicaSession(sim, processAt(sim, payload.replica, 'lock service item'), payload.session);
    return null;
  },
  endpoint: 'db',
  recordsEveryStep: false,
  serviceView: () => null,
  lint: () => [],
  // An advisory lock has no token (docs/model.md §5.6).
  issuesTokens: () => false,
};

/**
 * The server ends a session: killed by an operator (`killSession`, the process runs on and
 * reconnects on its next statement) or found dead after a crash. Its advisory lock goes.
 */
function endReplicaSession(sim: AdvisoryContext, process: AdvisoryProcess, session: string): void {
  sessionEnded(sim, terminateSession(sim, process, session));
}

function endDeadSession(sim: AdvisoryContext, session: string): void {
  sessionEnded(sim, endSession(sim.db, session, sim.sqlRecorder(null, null)));
}

/** The session that ended held the lock (`ended`): its grant ends now. */
function sessionEnded(sim: AdvisoryContext, ended: boolean): void {
  const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
  if (ended && grant && grant.endMs === null) {
    sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'sessionEnded' });
  }
}
