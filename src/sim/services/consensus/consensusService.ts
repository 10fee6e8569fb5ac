/**
 * The `etcd` and `zookeeper` lock kinds as one `LockService`: a lock recipe on a consensus
 * store (`consensusLock.ts`). Its acquire blocks until the key is lowest, so the kernel hands
 * it the request as an owed reply (`acquireOwed`) and never calls `acquire`.
 */
import type { ConsensusConfig } from '../../../model/resolvedScenario';
import { processAt } from '../../replicaProcess';
import type { ConsensusKeysView } from '../../serviceHistory';
import { killDatabaseSession } from '../databaseSession';
import { type KeepAliveRequest, type KeepAliveTick, keepAliveTickRuns, sendKeepAlive } from '../keepAliveTimer';
import type { LockService } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';
import {
  acquireConsensus,
  type ConsensusContext,
  type ConsensusProcess,
  consensusClientOf,
  consensusExpiry,
  newConsensusClient,
  releaseConsensus,
  revokeSession,
  type SessionExpiryCheck,
  type WaiterWake,
  wakeConsensusWaiter,
} from './consensusLock';
import { consensusOf, newConsensusStore } from './consensusStore';
import { type SessionKeepAliveAnswer, sessionKeepAliveAnswered, sessionKeepAliveArrived } from './sessionKeepAlive';

/** The cluster's own agenda items and held replies: expiry checks, woken waiters, session keep-alives. */
type ConsensusPayload = SessionExpiryCheck | WaiterWake | KeepAliveTick | KeepAliveRequest | SessionKeepAliveAnswer;

export const consensusService: LockService<ConsensusConfig, ConsensusContext, ConsensusProcess, ConsensusPayload> = {
  ...QUIET_HOOKS,
  // The reply comes when the key is lowest (or the wait fails).
  acquireOwed: acquireConsensus,
  acquire: (_sim, _process, lock) => {
    throw new Error(`acquire with lock kind ${lock.kind}`);
  },
  isHolder: (sim, process) => {
    const keys = consensusOf(sim).keys;
    const own = keys.find((key) => key.session === process.session);
    return own !== undefined && keys.every((key) => key.number >= own.number);
  },
  release: (sim, process, lock) => {
    releaseConsensus(sim, process, lock);
    return { type: 'RELEASED' };
  },
  forceExpire: (sim, lock) => {
    // An operator revokes the holder's session lease: its key goes and the next waiter wakes.
    const holder = [...consensusOf(sim).keys].sort((a, b) => a.number - b.number)[0];
    if (holder) revokeSession(sim, lock, holder.session);
  },
  replicaStarted: () => {},
  replicaDown: (_sim, process) => {
    // The session's keep-alive dies with the process; the session lives on until it expires.
    consensusClientOf(process).keepAliveGeneration += 1;
  },
  killSession: killDatabaseSession,
  // The session (and its keep-alive) outlives the run.
  handle: (sim, payload, lock) => {
    switch (payload.kind) {
      case 'consensusExpiry':
        consensusExpiry(sim, lock, payload.session);
        return null;
      case 'consensusWake': {
        // The blocked acquire's reply, which the kernel carries to the waiter.
        const reply = wakeConsensusWaiter(sim, lock, payload.waiter);
        return reply && { pending: payload.waiter.reply, reply };
      }
      case 'keepAliveTick': {
        const process = processAt(sim, payload.replica, 'lock service item');
        if (keepAliveTickRuns(sim, process, payload)) sendKeepAlive(sim, process);
        return null;
      }
      case 'keepAliveRequest':
        sessionKeepAliveArrived(sim, processAt(sim, payload.replica, 'lock service item'), lock, payload);
        return null;
      case 'consensusKeepAlive':
        // Only ever held in an inbox (`heldReply`).
        return null;
    }
  },
  resumeTimer: (sim, process) => sendKeepAlive(sim, process),
  heldReply: (sim, process, payload, lock) => {
    if (payload.kind === 'consensusKeepAlive') sessionKeepAliveAnswered(sim, process, lock, payload);
  },
  createState: (scenario) => newConsensusStore(scenario.storage.lastToken),
  createClient: newConsensusClient,
  endpoint: 'cs',
  recordsEveryStep: true,
  serviceView: (sim, lock): ConsensusKeysView | null => {
    const keys = [...consensusOf(sim).keys]
      .sort((a, b) => a.number - b.number)
      .map((key) => ({ replica: key.replica, session: key.session, number: key.number }));
    return { kind: 'keys', flavor: lock.kind, keys };
  },
  lint: () => [],
  // The key's revision (etcd) or sequence number (ZooKeeper) is the token.
  issuesTokens: () => true,
};
