/**
 * The `shedlock` lock kind as a `LockService`: ShedLock's row (DOMAIN.md §5.2,
 * `shedlockProvider.ts`), with its grants' end as the row's `lock_until` says.
 */
import type { ShedlockConfig } from '../../../model/resolvedScenario';
import { lockRowView } from '../../database';
import { recordGrant } from '../../grantLog';
import type { LockService } from '../lockService';
import { shedlockFindings } from './shedlockLint';
import { acquireLock, forceExpireLock, readIsHolder, unlockLock } from './shedlockProvider';

export const shedlockService: LockService<ShedlockConfig> = {
  acquireOwed: null,
  acquire: (sim, process, lock, lockNowMs, record) => {
    const outcome = acquireLock(sim.db, lock, sim.replicaConfig(process).host, lockNowMs, !process.lockRowSeen, record);
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
      process.lockCreatedLocalMs,
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
  replicaStarted: () => {},
  replicaDown: () => {},
  recordsEveryStep: false,
  serviceView: () => null,
  lint: shedlockFindings,
  issuesTokens: (lock) => lock.token,
};
