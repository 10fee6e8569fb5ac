/**
 * Snapshots of the coordination services for `ServiceHistory`: Redis nodes as their store
 * reports them, and the Lease record, the consensus keys, the outbox rows, the digest's record
 * and the cleanup's rows after each step of the night (the history drops snapshots that change
 * nothing).
 */
import type { CleanupView, ConsensusKeysView, DigestView, LeaseRecordView, OutboxView } from './serviceHistory';
import type { Simulation } from './simulation';

/** True when the night has a service recorded step by step (Redis records itself). */
export function tracksServiceSteps(sim: Simulation): boolean {
  const job = sim.scenario.job.kind;
  return (
    sim.scenario.lock.kind === 'lease' ||
    sim.consensus !== null ||
    sim.outbox !== null ||
    job === 'digest' ||
    job === 'cleanup'
  );
}

/** Records the Lease record, the consensus keys and the outbox rows as they are now. */
export function recordServiceViews(sim: Simulation): void {
  const lock = sim.scenario.lock;
  if (lock.kind === 'lease') sim.services.record(sim.nowMs, leaseView(sim, lock.leaseDurationMs));
  if (sim.consensus && (lock.kind === 'etcd' || lock.kind === 'zookeeper')) {
    const keys = [...sim.consensus.keys]
      .sort((a, b) => a.number - b.number)
      .map((key) => ({ replica: key.replica, session: key.session, number: key.number }));
    const view: ConsensusKeysView = { kind: 'keys', flavor: lock.kind, keys };
    sim.services.record(sim.nowMs, view);
  }
  if (sim.outbox) {
    const table = sim.outbox;
    const rows = table.sent.map((sent, row) => {
      const by = table.lockedBy[row] ?? null;
      return { state: sent ? ('sent' as const) : by !== null ? ('claimed' as const) : ('unsent' as const), by };
    });
    const view: OutboxView = { kind: 'outbox', rows };
    sim.services.record(sim.nowMs, view);
  }
  const job = sim.scenario.job.kind;
  if (job === 'digest') {
    const view: DigestView = { kind: 'digest', recorded: sim.db.runDone, sent: sim.db.appliedCount[0] ?? 0 };
    sim.services.record(sim.nowMs, view);
  }
  if (job === 'cleanup') {
    const view: CleanupView = { kind: 'cleanup', deleted: sim.db.appliedCount.map((count) => count > 0) };
    sim.services.record(sim.nowMs, view);
  }
}

function leaseView(sim: Simulation, leaseDurationMs: number): LeaseRecordView {
  const record = sim.leaseRecord;
  return {
    kind: 'lease',
    holder: record.holder,
    acquireTimeMs: record.acquireTimeMs,
    renewTimeMs: record.renewTimeMs,
    renewedAtMs: record.renewedAtMs,
    leaseDurationMs,
    transitions: record.transitions,
  };
}
