/**
 * Every change to a scenario as data (docs/style.md rule 2, "every gesture becomes data"): drags, keys,
 * the inspector, the settings and the palette all emit `ScenarioEdit`s, and `applyEdits()`
 * is the one pure function that turns a document and edits into the next document. Unknown
 * keys survive every edit; a patch value `undefined` removes that key.
 */

import { DEFAULT_REPLICA_COUNT, defaultReplicaHost, defaultReplicaId } from './defaults';
import { formatDurationMs, parseDurationMs } from './duration';
import type { EventDocument, ReplicaDocument, ScenarioDocument } from './scenarioSchema';

type Patch = Readonly<Record<string, unknown>>;

export type ScenarioEdit =
  | { readonly kind: 'replaceDocument'; readonly document: ScenarioDocument }
  | { readonly kind: 'setEvent'; readonly index: number; readonly event: EventDocument }
  | { readonly kind: 'addEvent'; readonly event: EventDocument }
  | { readonly kind: 'removeEvent'; readonly index: number }
  | { readonly kind: 'patchLock'; readonly patch: Patch }
  | { readonly kind: 'patchStorage'; readonly patch: Patch }
  | { readonly kind: 'patchJob'; readonly patch: Patch }
  | { readonly kind: 'patchWindow'; readonly patch: Patch }
  | { readonly kind: 'patchReplica'; readonly index: number; readonly patch: Patch }
  | { readonly kind: 'addReplica'; readonly replica?: ReplicaDocument }
  | { readonly kind: 'removeReplica'; readonly index: number };

/** Pure: the document after the edits, applied in order. The input is never mutated. */
export function applyEdits(document: ScenarioDocument, edits: readonly ScenarioEdit[]): ScenarioDocument {
  let next = document;
  for (const edit of edits) next = applyEdit(next, edit);
  return next;
}

function applyEdit(document: ScenarioDocument, edit: ScenarioEdit): ScenarioDocument {
  switch (edit.kind) {
    case 'replaceDocument':
      return edit.document;
    case 'setEvent':
      return { ...document, events: withIndex(document.events ?? [], edit.index, () => edit.event) };
    case 'addEvent':
      return { ...document, events: [...(document.events ?? []), edit.event] };
    case 'removeEvent':
      return { ...document, events: (document.events ?? []).filter((_, index) => index !== edit.index) };
    case 'patchLock':
      return { ...document, lock: patched(document.lock, edit.patch) as ScenarioDocument['lock'] };
    case 'patchStorage':
      return { ...document, storage: patched(document.storage, edit.patch) };
    case 'patchJob':
      return { ...document, job: patched(document.job, edit.patch) };
    case 'patchWindow':
      return { ...document, window: patched(document.window, edit.patch) };
    case 'patchReplica':
      return {
        ...document,
        replicas: withIndex(explicitReplicas(document), edit.index, (replica) => patched(replica, edit.patch)),
      };
    case 'addReplica':
      return addReplica(document, edit.replica);
    case 'removeReplica':
      return removeReplica(document, edit.index);
  }
}

/**
 * The replicas as written, or the three default ones spelled out: a file without `replicas`
 * means A, B, C, and editing one of them must not change who the others are.
 */
export function explicitReplicas(document: ScenarioDocument): ReplicaDocument[] {
  if (document.replicas) return [...document.replicas];
  return Array.from({ length: DEFAULT_REPLICA_COUNT }, (_, index) => ({
    id: defaultReplicaId(index),
    host: defaultReplicaHost(index),
  }));
}

function addReplica(document: ScenarioDocument, replica: ReplicaDocument | undefined): ScenarioDocument {
  const replicas = explicitReplicas(document);
  const taken = new Set(replicas.map((existing, index) => existing.id ?? defaultReplicaId(index)));
  let index = replicas.length;
  while (taken.has(defaultReplicaId(index))) index += 1;
  const fresh: ReplicaDocument = { id: defaultReplicaId(index), host: defaultReplicaHost(replicas.length) };
  const trigger = retryLike(replicas.at(-1)?.trigger);
  const added = replica ?? (trigger ? { ...fresh, trigger } : fresh);
  return { ...document, replicas: [...replicas, added] };
}

/**
 * A new replica retries as the others do (a lane that only fires once at 02:00 would stay
 * empty): the last replica's trigger, its phase moved on by 10 s (within the retry period), so
 * the newcomer polls at its own moment, as B and C do after A.
 */
function retryLike(trigger: ReplicaDocument['trigger']): ReplicaDocument['trigger'] | undefined {
  if (!trigger || trigger.every === undefined || trigger.every === null) return undefined;
  const every = parseDurationMs(trigger.every);
  const phase = parseDurationMs(trigger.phase ?? '0s');
  if (!every.ok || !phase.ok || every.value <= 0) return { ...trigger };
  return { ...trigger, phase: formatDurationMs((phase.value + NEW_REPLICA_PHASE_STEP_MS) % every.value) };
}

const NEW_REPLICA_PHASE_STEP_MS = 10_000;

/** Removes the replica and the events that name it (they would no longer load). */
function removeReplica(document: ScenarioDocument, index: number): ScenarioDocument {
  const replicas = explicitReplicas(document);
  const removed = replicas[index];
  if (!removed || replicas.length <= 1) return document;
  const removedId = removed.id ?? defaultReplicaId(index);
  const events = (document.events ?? []).filter((event) => {
    const named = event as { replica?: unknown; node?: unknown };
    return named.replica !== removedId && named.node !== removedId;
  });
  return {
    ...document,
    replicas: replicas.filter((_, position) => position !== index),
    ...(document.events ? { events } : {}),
  };
}

function withIndex<T>(list: readonly T[], index: number, change: (item: T) => T): T[] {
  const item = list[index];
  if (item === undefined) return [...list];
  const next = [...list];
  next[index] = change(item);
  return next;
}

function patched<T extends object>(value: T | undefined, patch: Patch): T {
  const next: Record<string, unknown> = { ...(value ?? {}) };
  for (const [key, entry] of Object.entries(patch)) {
    if (entry === undefined) delete next[key];
    else next[key] = entry;
  }
  return next as T;
}
