/**
 * From a validated document to the engine's input (`resolvedScenario.ts`): every default of
 * the standard night filled in, times and durations in ms, amounts in cents. Keys the format
 * does not know are not read, so they can never change a result.
 */
import {
  DEFAULT_CLEANUP,
  DEFAULT_CLOCK,
  DEFAULT_DIGEST,
  DEFAULT_ITEMS,
  DEFAULT_JOB,
  DEFAULT_OUTBOX,
  DEFAULT_REPLICA_COUNT,
  DEFAULT_STORAGE,
  DEFAULT_TRIGGER,
  DEFAULT_WINDOW,
  defaultReplicaHost,
  defaultReplicaId,
} from './defaults';
import { amountCents, durationMs, timeOfNightMs } from './mustParse';
import type { LockKind, OnLockLost, ResolvedJob, ResolvedReplica, ResolvedScenario } from './resolvedScenario';
import { resolveEvents } from './resolveEvents';
import { resolveLock } from './resolveLock';
import type { ReplicaDocument, ScenarioDocument } from './scenarioSchema';

/** The engine input for a document that passed validation. Pure; throws only on unvalidated input. */
export function resolveScenario(document: ScenarioDocument): ResolvedScenario {
  const job = resolveJob(document.job);
  const lock = resolveLock(document.lock);
  const replicaDocuments: readonly ReplicaDocument[] =
    document.replicas ?? Array.from({ length: DEFAULT_REPLICA_COUNT }, () => ({}));
  return {
    title: document.title ?? '',
    description: document.description ?? '',
    windowFromMs: timeOfNightMs(document.window?.from ?? DEFAULT_WINDOW.from),
    windowToMs: timeOfNightMs(document.window?.to ?? DEFAULT_WINDOW.to),
    replicas: replicaDocuments.map((replica, index) => resolveReplica(replica, index, job, lock.kind)),
    job,
    lock,
    storage: {
      fencing: document.storage?.fencing ?? DEFAULT_STORAGE.fencing,
      fenceOnAcquire: document.storage?.fenceOnAcquire ?? DEFAULT_STORAGE.fenceOnAcquire,
      uniqueKey: document.storage?.uniqueKey ?? DEFAULT_STORAGE.uniqueKey,
      lastToken: document.storage?.lastToken ?? DEFAULT_STORAGE.lastToken,
    },
    events: resolveEvents(document.events ?? []),
  };
}

function resolveJob(job: ScenarioDocument['job']): ResolvedJob {
  if (job?.kind === 'digest' || job?.kind === 'cleanup') {
    const defaults = job.kind === 'digest' ? DEFAULT_DIGEST : DEFAULT_CLEANUP;
    const count = job.kind === 'digest' ? 1 : (job.rows ?? DEFAULT_CLEANUP.rows);
    return {
      kind: job.kind,
      // The digest is one email (item 1); the cleanup's items are the rows to delete.
      items: Array.from({ length: count }, (_, index) => ({ order: index + 1, amountCents: 0 })),
      loadMs: durationMs(job.load ?? defaults.load),
      perItemMs: durationMs(job.perItem ?? defaults.perItem),
      markDoneMs: durationMs(job.markDone ?? defaults.markDone),
      skipIfDone: job.skipIfDone ?? false,
      claim: 'skipLocked',
      batch: Number.MAX_SAFE_INTEGER,
      sendOrder: job.sendOrder ?? DEFAULT_DIGEST.sendOrder,
    };
  }
  if (job?.kind === 'outbox') {
    const rows = job.rows ?? DEFAULT_OUTBOX.rows;
    return {
      kind: 'outbox',
      // Outbox rows 1..rows are the items; "applied" means published to the broker.
      items: Array.from({ length: rows }, (_, index) => ({ order: index + 1, amountCents: 0 })),
      loadMs: durationMs(job.load ?? DEFAULT_OUTBOX.load),
      perItemMs: durationMs(job.perItem ?? DEFAULT_OUTBOX.perItem),
      markDoneMs: durationMs(job.markDone ?? DEFAULT_OUTBOX.markDone),
      skipIfDone: false,
      claim: job.claim ?? DEFAULT_OUTBOX.claim,
      batch: job.batch ?? DEFAULT_OUTBOX.batch,
      sendOrder: 'claimThenSend',
    };
  }
  return {
    kind: job?.kind ?? DEFAULT_JOB.kind,
    items: (job?.items ?? DEFAULT_ITEMS).map((item) => ({ order: item.order, amountCents: amountCents(item.amount) })),
    loadMs: durationMs(job?.load ?? DEFAULT_JOB.load),
    perItemMs: durationMs(job?.perItem ?? DEFAULT_JOB.perItem),
    markDoneMs: durationMs(job?.markDone ?? DEFAULT_JOB.markDone),
    skipIfDone: job?.skipIfDone ?? DEFAULT_JOB.skipIfDone,
    claim: 'skipLocked',
    batch: Number.MAX_SAFE_INTEGER,
    sendOrder: 'claimThenSend',
  };
}

function resolveReplica(
  replica: ReplicaDocument,
  index: number,
  job: ResolvedJob,
  lockKind: LockKind,
): ResolvedReplica {
  const every = replica.trigger?.every ?? null;
  return {
    index,
    id: replica.id ?? defaultReplicaId(index),
    host: replica.host ?? defaultReplicaHost(index),
    clockOffsetMs: durationMs(replica.clock?.offset ?? DEFAULT_CLOCK.offset),
    clockDriftPpm: replica.clock?.driftPpm ?? DEFAULT_CLOCK.driftPpm,
    triggerAtMs: timeOfNightMs(replica.trigger?.at ?? DEFAULT_TRIGGER.at),
    triggerEveryMs: every === null ? null : durationMs(every),
    triggerPhaseMs: durationMs(replica.trigger?.phase ?? DEFAULT_TRIGGER.phase),
    loadMs: replica.load === undefined ? job.loadMs : durationMs(replica.load),
    perItemMs: replica.perItem === undefined ? job.perItemMs : durationMs(replica.perItem),
    markDoneMs: replica.markDone === undefined ? job.markDoneMs : durationMs(replica.markDone),
    holderCheck: replica.holderCheck ?? false,
    onLockLost: replica.onLockLost ?? defaultOnLockLost(lockKind),
  };
}

/** ShedLock never interrupts a task (F7); Kubernetes-style components exit (F13). */
function defaultOnLockLost(lockKind: LockKind): OnLockLost {
  return lockKind === 'shedlock' ? 'continue' : 'exit';
}
