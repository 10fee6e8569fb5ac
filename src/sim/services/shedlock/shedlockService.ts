/**
 * The `shedlock` lock kind as a `LockService`: ShedLock's row (docs/model.md §5.2,
 * `shedlockProvider.ts`), with its grants' end as the row's `lock_until` says.
 */
import type { ShedlockConfig } from '../../../model/resolvedScenario';
import { lockRowView } from '../../database';
import { recordGrant } from '../../grantLog';
import { processAt } from '../../replicaProcess';
import { killDatabaseSession } from '../databaseSession';
import { type KeepAliveRequest, type KeepAliveTick, keepAliveTickRuns } from '../keepAliveTimer';
import type { LockService } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';
import {
  type ExtendAnswer,
  extendAnswered,
  keepAliveAtDb,
  keepAliveTick,
  newShedlockClient,
  type ShedlockContext,
  type ShedlockProcess,
  shedlockClientOf,
  startKeepAlive,
} from './keepAlive';
import { shedlockFindings } from './shedlockLint';
import { acquireLock, forceExpireLock, readIsHolder, unlockLock } from './shedlockProvider';

/** ShedLock's own agenda items and held replies: the KeepAlive's ticks, extends and their answers. */
type ShedlockPayload = KeepAliveTick | KeepAliveRequest | ExtendAnswer;

export const shedlockService: LockService<ShedlockConfig, ShedlockContext, ShedlockProcess, ShedlockPayload> = {
  ...QUIET_HOOKS,
  acquireOwed: null,
  acquire: (sim, process, lock, lockNowMs, record) => {
    const outcome = acquireLock(
      sim.db,
      lock,
      sim.replicaConfig(process).host,
      lockNowMs,
      !shedlockClientOf(process).rowSeen,
      record,
    );
    if (!outcome.granted) return { type: 'DENIED' };
    const clockNode = lock.time === 'db' ? 'db' : process.id;
    recordGrant(sim, process, { token: outcome.token, untilClockMs: outcome.lockUntilMs, clockNode, expires: true });
    sim.log('db', { kind: 'lockRow', row: lockRowView(sim.db, lock.token) });
    return { type: 'GRANTED', token: outcome.token };
  },
  isHolder: (sim, process, _lock, lockNowMs, record) =>
    readIsHolder(sim.db, sim.replicaConfig(process).host, lockNowMs, record),
  release: (sim, process, lock, lockNowMs, record) => {
    const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    // A lease whose lock_until already passed had lapsed before this release: it ended then,
    // and the release (which moves lock_until to now) does not stretch it to now.
    const lapsed = grant !== undefined && grant.endMs === null && grant.untilClockMs <= lockNowMs;
    const released = unlockLock(
      sim.db,
      lock,
      sim.replicaConfig(process).host,
      lockNowMs,
      shedlockClientOf(process).createdLocalMs,
      record,
    );
    if (released && grant && lapsed) {
      sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'expired' });
    } else if (released && grant) {
      const ended = sim.db.lockRow.lockUntilMs <= lockNowMs && grant.endMs === null;
      sim.changeGrant(
        grant,
        ended
          ? { untilClockMs: sim.db.lockRow.lockUntilMs, endMs: sim.nowMs, endReason: 'released' }
          : { untilClockMs: sim.db.lockRow.lockUntilMs },
      );
    }
    if (released) sim.log('db', { kind: 'lockRow', row: lockRowView(sim.db, lock.token) });
    return { type: 'RELEASED' };
  },
  forceExpire: (sim, lock) => {
    const wasHeld = forceExpireLock(sim.db, sim.dbClock.wallAt(sim.nowMs), sim.sqlRecorder(null, null));
    const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    if (wasHeld && grant && grant.endMs === null) {
      sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'forced' });
    }
    sim.log('db', { kind: 'lockRow', row: lockRowView(sim.db, lock.token) });
  },
  replicaStarted: (_sim, process) => {
    // A new process has an empty row cache: its first acquire is an upsert again.
    shedlockClientOf(process).rowSeen = false;
  },
  replicaDown: (_sim, process) => {
    shedlockClientOf(process).keepAliveGeneration += 1;
  },
  killSession: killDatabaseSession,
  granted: (sim, process, lock) => startKeepAlive(sim, process, lock),
  runEnded: (process) => {
    // The keep-alive belongs to the run.
    shedlockClientOf(process).keepAliveGeneration += 1;
  },
  answerHeard: (sim, process, answer) => {
    const client = shedlockClientOf(process);
    client.rowSeen = true;
    if (answer.type === 'GRANTED') client.createdLocalMs = sim.replicaClock(process).wallAt(process.instantMs);
  },
  handle: (sim, payload, lock) => {
    // An answer is only ever held in an inbox (`heldReply`).
    if (payload.kind === 'extendAnswer') return null;
    const process = processAt(sim, payload.replica, 'lock service item');
    if (payload.kind === 'keepAliveRequest') keepAliveAtDb(sim, process, lock, payload);
    else if (keepAliveTickRuns(sim, process, payload)) keepAliveTick(sim, process, lock);
    return null;
  },
  resumeTimer: (sim, process, lock) => keepAliveTick(sim, process, lock),
  heldReply: (sim, process, payload, lock) => {
    if (payload.kind === 'extendAnswer') extendAnswered(sim, process, lock, payload);
  },
  createClient: newShedlockClient,
  endpoint: 'db',
  readsReplicaClock: (lock) => lock.time === 'app',
  mintsTokenAfterLoad: (lock) => lock.token && lock.tokenMint === 'afterLoad',
  recordsEveryStep: false,
  serviceView: () => null,
  lint: shedlockFindings,
  issuesTokens: (lock) => lock.token,
};
