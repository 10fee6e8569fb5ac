/**
 * The lock statements of a replica's run, by lock kind: acquire, the client-side holder
 * check, release. ShedLock's row (DOMAIN.md §5.2) or a PostgreSQL advisory lock (§5.6).
 * Each records the grant it makes, so invariants and the timeline see every kind alike.
 */
import type { ReplicaEvent } from '../machines/replicaMachine';
import type { RecordSql } from './database';
import type { ReplicaProcess } from './replicaProcess';
import { advisoryUnlock, isAdvisoryHolder, NO_EXPIRY_MS, tryAdvisoryLock } from './services/advisory/advisoryProvider';
import { releaseConsensus } from './services/consensus/consensusLock';
import { leaseJobGrant } from './services/lease/leaseElector';
import { acquireRedis, isRedisHolder, releaseRedis } from './services/redis/redisLock';
import { acquireLock, readIsHolder, unlockLock } from './services/shedlock/shedlockProvider';
import type { Simulation } from './simulation';

interface NewGrant {
  readonly token: number | null;
  readonly untilClockMs: number;
  readonly clockNode: string;
  readonly expires: boolean;
}

export function acquire(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): ReplicaEvent {
  const lock = sim.scenario.lock;
  if (lock.kind === 'advisory') {
    if (!tryAdvisoryLock(sim.db, process.session, record)) return { type: 'DENIED' };
    // A re-entrant grant to the session that already holds it is the same grant.
    const current = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
    if (current && current.replica === process.id && current.endMs === null) return { type: 'GRANTED', token: null };
    recordGrant(sim, process, { token: null, untilClockMs: NO_EXPIRY_MS, clockNode: 'db', expires: false });
    return { type: 'GRANTED', token: null };
  }
  if (lock.kind === 'lease') {
    // The job runs only on the leader: "acquiring" asks the replica's own elector.
    const term = leaseJobGrant(sim, process);
    record(
      { kind: 'leaseGet', holder: sim.leaseRecord.holder, transitions: sim.leaseRecord.transitions },
      1,
      term.granted ? 'granted' : 'denied',
    );
    return term.granted ? { type: 'GRANTED', token: term.token } : { type: 'DENIED' };
  }
  if (lock.kind === 'redis') {
    const granted = acquireRedis(sim, process, lock, record);
    if (granted === null) return { type: 'DENIED' };
    process.redisValue = granted.value;
    sim.redisGrantByValue.set(granted.value, sim.grants.length);
    recordGrant(sim, process, {
      token: granted.token,
      untilClockMs: granted.untilClockMs,
      clockNode: 'redis',
      expires: true,
    });
    return { type: 'GRANTED', token: granted.token };
  }
  if (lock.kind !== 'shedlock') throw new Error(`acquire with lock kind ${lock.kind}`);
  const outcome = acquireLock(sim.db, lock, process.config.host, lockNowMs, !process.lockRowSeen, record);
  if (!outcome.granted) return { type: 'DENIED' };
  const clockNode = lock.time === 'db' ? 'db' : process.id;
  recordGrant(sim, process, { token: outcome.token, untilClockMs: outcome.lockUntilMs, clockNode, expires: true });
  sim.log('db', { kind: 'lockRow', row: sim.db.lockRowView(lock.token) });
  return { type: 'GRANTED', token: outcome.token };
}

function recordGrant(sim: Simulation, process: ReplicaProcess, grant: NewGrant): void {
  const grantId = sim.grants.length;
  sim.grants.push({
    grantId,
    replica: process.id,
    token: grant.token,
    tokenMs: grant.token === null ? null : sim.nowMs,
    grantMs: sim.nowMs,
    untilClockMs: grant.untilClockMs,
    expires: grant.expires,
    clockNode: grant.clockNode,
    endMs: null,
    endReason: null,
    intendedEndMs: 0,
  });
  sim.rowGrantId = grantId;
  sim.log('db', {
    kind: 'grant',
    grantId,
    replica: process.id,
    token: grant.token,
    untilClockMs: grant.expires ? grant.untilClockMs : null,
    clockNode: grant.clockNode,
  });
}

/** The client-side check of S08 ("am I still the holder?"); true without a lock. */
export function isHolder(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): boolean {
  const lock = sim.scenario.lock;
  if (lock.kind === 'advisory') return isAdvisoryHolder(sim.db, process.session, record);
  if (lock.kind === 'redis') return isRedisHolder(sim, process, record);
  if (lock.kind === 'lease') return process.elector.leading;
  if (lock.kind === 'etcd' || lock.kind === 'zookeeper') {
    const keys = sim.consensus?.keys ?? [];
    const own = keys.find((key) => key.session === process.session);
    return own !== undefined && keys.every((key) => key.number >= own.number);
  }
  if (lock.kind !== 'shedlock') return true;
  return readIsHolder(sim.db, process.config.host, lockNowMs, record);
}

export function release(sim: Simulation, process: ReplicaProcess, lockNowMs: number, record: RecordSql): ReplicaEvent {
  const lock = sim.scenario.lock;
  const grant = sim.rowGrantId === null ? undefined : sim.grants[sim.rowGrantId];
  if (lock.kind === 'advisory') {
    if (advisoryUnlock(sim.db, process.session, record) && grant && grant.endMs === null) {
      sim.changeGrant(grant, { endMs: sim.nowMs, endReason: 'released' });
    }
    return { type: 'RELEASED' };
  }
  if (lock.kind === 'redis') {
    releaseRedis(sim, process, lock, record);
    return { type: 'RELEASED' };
  }
  if (lock.kind === 'etcd' || lock.kind === 'zookeeper') {
    releaseConsensus(sim, process);
    return { type: 'RELEASED' };
  }
  if (lock.kind !== 'shedlock') return { type: 'RELEASED' };
  // A lease whose lock_until already passed had lapsed before this release: it ended then,
  // and the release (which moves lock_until to now) does not stretch it to now.
  const lapsed = grant !== undefined && grant.endMs === null && grant.untilClockMs <= lockNowMs;
  const released = unlockLock(sim.db, lock, process.config.host, lockNowMs, process.lockCreatedLocalMs, record);
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
  if (released) sim.log('db', { kind: 'lockRow', row: sim.db.lockRowView(lock.token) });
  return { type: 'RELEASED' };
}
