/**
 * The `lease` lock kind as a `LockService`: Kubernetes-style leader election
 * (`leaseElector.ts`). The job runs only on the leader; each replica's elector starts with
 * its process.
 */
import type { LeaseConfig } from '../../../model/resolvedScenario';
import { processAt } from '../../replicaProcess';
import type { LeaseRecordView } from '../../serviceHistory';
import { killDatabaseSession } from '../databaseSession';
import type { LockService } from '../lockService';
import { QUIET_HOOKS } from '../quietHooks';
import type { LeaseContext, LeaseProcess } from './leaseContext';
import {
  type ElectorRequest,
  type ElectorTick,
  electorAtApi,
  electorDue,
  electorTick,
  leaseJobGrant,
  scheduleElectorTick,
} from './leaseElector';
import { freshElector, leaseClientOf, newLeaseClient } from './leaseRecord';
import { type ElectorDeadline, electorDeadlineDue } from './leaseRenewal';
import { leaseRecordOf, newLeaseState } from './leaseState';

export const leaseService: LockService<
  LeaseConfig,
  LeaseContext,
  LeaseProcess,
  ElectorTick | ElectorRequest | ElectorDeadline
> = {
  ...QUIET_HOOKS,
  acquireOwed: null,
  acquire: (sim, process, _lock, _lockNowMs, record) => {
    // The job runs only on the leader: "acquiring" asks the replica's own elector.
    const term = leaseJobGrant(sim, process);
    record(
      { kind: 'leaseGet', holder: leaseRecordOf(sim).holder, transitions: leaseRecordOf(sim).transitions },
      1,
      term.granted ? 'granted' : 'denied',
    );
    return term.granted ? { type: 'GRANTED', token: term.token } : { type: 'DENIED' };
  },
  isHolder: (_sim, process) => leaseClientOf(process).elector.leading,
  release: () => ({ type: 'RELEASED' }),
  // A Lease has no operator expiry here: the record runs out on its own.
  forceExpire: () => {},
  replicaStarted: (sim, process, lock) => scheduleElectorTick(sim, process, lock),
  replicaDown: (_sim, process) => {
    // The elector dies with the process; its term stays in the record until it expires.
    const client = leaseClientOf(process);
    client.elector = freshElector(client.elector.generation + 1);
    client.grantId = null;
  },
  killSession: killDatabaseSession,
  handle: (sim, payload, lock) => {
    const process = processAt(sim, payload.replica, 'lock service item');
    if (payload.kind === 'electorTick') electorDue(sim, process, lock, payload);
    else if (payload.kind === 'electorDeadline') electorDeadlineDue(sim, process, payload);
    else electorAtApi(sim, process, lock, payload);
    return null;
  },
  // An overdue tick, or the deadline of an iteration that was running when the pause began.
  resumeTimer: (sim, process, lock) => electorTick(sim, process, lock),
  createState: (scenario) => newLeaseState(scenario.storage.lastToken),
  createClient: newLeaseClient,
  endpoint: 'api',
  recordsEveryStep: true,
  serviceView: (sim, lock): LeaseRecordView => {
    const record = leaseRecordOf(sim);
    return {
      kind: 'lease',
      holder: record.holder,
      acquireTimeMs: record.acquireTimeMs,
      renewTimeMs: record.renewTimeMs,
      renewedAtMs: record.renewedAtMs,
      leaseDurationMs: lock.leaseDurationMs,
      transitions: record.transitions,
    };
  },
  lint: (_scenario, lock) => {
    const { leaseDurationMs, renewDeadlineMs, retryPeriodMs } = lock;
    // client-go's leaderelection refuses anything else (leaseDuration > renewDeadline > 1.2 retryPeriod).
    if (leaseDurationMs > renewDeadlineMs && renewDeadlineMs > 1.2 * retryPeriodMs) return [];
    return [{ key: 'leaseConstraint', leaseDurationMs, renewDeadlineMs, retryPeriodMs }];
  },
  issuesTokens: (lock) => lock.token,
};
