/**
 * Checks that need more than one field: names that must exist elsewhere in the file, things
 * that must be unique, spans that must run forwards. They read the raw document defensively,
 * so they still report while other fields are broken: a student with a typo in a duration
 * and a wrong replica name sees both at once.
 */
import { DEFAULT_ITEMS, DEFAULT_REPLICA_COUNT, DEFAULT_WINDOW, defaultEventId, defaultReplicaId } from './defaults';
import { describeValue } from './describeValue';
import { detail } from './errorDetail';
import { formatJsonPath, type PathSegment } from './jsonPath';
import type { ScenarioIssue } from './scenarioError';
import { parseTimeOfNightMs } from './timeOfNight';

type Json = Record<string, unknown>;

/** Every cross-field problem of a document whose header is already valid. Pure. */
export function crossCheckScenario(document: Json): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  checkWindow(document.window, issues);
  const replicas = document.replicas === undefined ? defaultReplicas() : document.replicas;
  const replicaNames = Array.isArray(replicas)
    ? replicas.map((replica, index) => nameOf(replica, 'id', defaultReplicaId(index)))
    : null;
  const replicaIds = replicaNames === null ? null : uniqueNames(replicaNames, 'replicas', issues);
  const orders = itemOrders(document.job, issues);
  const events = Array.isArray(document.events) ? document.events : [];
  uniqueNames(
    events.map((event, index) => nameOf(event, 'id', defaultEventId(index))),
    'events',
    issues,
  );
  events.forEach((event, index) => {
    if (isObject(event)) checkEvent(event, ['events', index], replicaIds, orders, issues);
  });
  return issues;
}

function checkWindow(window: unknown, issues: ScenarioIssue[]): void {
  const from = isObject(window) ? window.from : undefined;
  const to = isObject(window) ? window.to : undefined;
  const fromMs = timeMs(from ?? DEFAULT_WINDOW.from);
  const toMs = timeMs(to ?? DEFAULT_WINDOW.to);
  if (fromMs === null || toMs === null || fromMs < toMs) return;
  const toText = to === undefined ? `the default end "${DEFAULT_WINDOW.to}"` : describeValue(to);
  const fromText = from === undefined ? `the default start "${DEFAULT_WINDOW.from}"` : describeValue(from);
  const path = to === undefined ? ['window', 'from'] : ['window', 'to'];
  const message = `the window must end after it starts: ${toText} is not after ${fromText}`;
  const code =
    to === undefined ? 'windowOrderDefaultEnd' : from === undefined ? 'windowOrderDefaultStart' : 'windowOrder';
  const values = {
    to: to === undefined ? `"${DEFAULT_WINDOW.to}"` : describeValue(to),
    from: from === undefined ? `"${DEFAULT_WINDOW.from}"` : describeValue(from),
  };
  issues.push({ path, message, detail: detail(code, values) });
}

function defaultReplicas(): Json[] {
  return Array.from({ length: DEFAULT_REPLICA_COUNT }, () => ({}));
}

interface Name {
  readonly name: string;
  /** False when the name is the default for the entry's position (`A`, `e3`). */
  readonly written: boolean;
}

/** An entry's name: its own `key`, or the default by position; null where it is not text. */
function nameOf(entry: unknown, key: string, fallback: string): Name | null {
  if (!isObject(entry)) return null;
  const name = entry[key];
  if (name === undefined) return { name: fallback, written: false };
  return typeof name === 'string' ? { name, written: true } : null;
}

/**
 * Reports every name used twice, at the entry that wrote it (a default name is nowhere in
 * the file to point at). Returns the names, or null when some entry has none, so that
 * references are not judged against a list that is itself broken.
 */
function uniqueNames(names: (Name | null)[], list: 'replicas' | 'events', issues: ScenarioIssue[]): Set<string> | null {
  const first = new Map<string, number>();
  names.forEach((entry, index) => {
    if (entry === null) return;
    const earlier = first.get(entry.name);
    if (earlier === undefined) {
      first.set(entry.name, index);
      return;
    }
    const earlierEntry = names[earlier];
    const shown = JSON.stringify(entry.name);
    if (entry.written) {
      const how = earlierEntry?.written ? 'the id' : 'the default id';
      const message = `${shown} is already ${how} of ${list}[${earlier}]`;
      const values = { name: shown, where: formatJsonPath([list, earlier]) };
      const code = earlierEntry?.written ? 'duplicateId' : 'duplicateDefaultId';
      issues.push({ path: [list, index, 'id'], message, detail: detail(code, values) });
    } else {
      issues.push({
        path: [list, earlier, 'id'],
        message: `${shown} is also the default id of ${list}[${index}]; choose another`,
        detail: detail('clashesWithDefaultId', { name: shown, where: formatJsonPath([list, index]) }),
      });
    }
  });
  return names.includes(null) ? null : new Set(first.keys());
}

/** The job's item orders (or the default five), null where the list is broken; reports orders used twice. */
function itemOrders(job: unknown, issues: ScenarioIssue[]): Set<number> | null {
  const items = isObject(job) ? job.items : undefined;
  if (items === undefined) return new Set(DEFAULT_ITEMS.map((item) => item.order));
  if (!Array.isArray(items)) return null;
  const firstIndex = new Map<number, number>();
  let broken = false;
  items.forEach((item, index) => {
    const order = isObject(item) ? item.order : undefined;
    if (typeof order !== 'number') {
      broken = true;
      return;
    }
    const earlier = firstIndex.get(order);
    if (earlier === undefined) firstIndex.set(order, index);
    else {
      const where = formatJsonPath(['job', 'items', earlier]);
      issues.push({
        path: ['job', 'items', index, 'order'],
        message: `order ${order} is already in ${where}`,
        detail: detail('duplicateOrder', { order, where }),
      });
    }
  });
  return broken ? null : new Set(firstIndex.keys());
}

function checkEvent(
  event: Json,
  path: PathSegment[],
  replicaIds: Set<string> | null,
  orders: Set<number> | null,
  issues: ScenarioIssue[],
): void {
  const knownIds = [...(replicaIds ?? [])];
  const known = knownIds.join(', ');
  if (replicaIds !== null && typeof event.replica === 'string' && !replicaIds.has(event.replica)) {
    const message = `${describeValue(event.replica)} is not a replica of this scenario; the replicas are ${known}`;
    const values = { found: describeValue(event.replica), known: knownIds };
    issues.push({ path: [...path, 'replica'], message, detail: detail('unknownReplica', values) });
  }
  if (replicaIds !== null && event.type === 'clockJump' && typeof event.node === 'string') {
    const node = event.node;
    if (node !== 'db' && node !== 'redis' && !replicaIds.has(node)) {
      const message = `${describeValue(node)} is not a node; use a replica id (${known}), "db" or "redis"`;
      const values = { found: describeValue(node), known: knownIds };
      issues.push({ path: [...path, 'node'], message, detail: detail('unknownNode', values) });
    }
  }
  if ((event.type === 'pauseBeforeWrite' || event.type === 'delayWrite') && typeof event.order === 'number') {
    if (orders !== null && !orders.has(event.order)) {
      const message = `${event.order} is not one of the job's orders (${[...orders].join(', ')})`;
      const values = { order: event.order, orders: [...orders].map(String) };
      issues.push({ path: [...path, 'order'], message, detail: detail('unknownOrder', values) });
    }
  }
  if (event.type === 'partition' || event.type === 'starveRenewer') {
    const fromMs = timeMs(event.from);
    const toMs = timeMs(event.to);
    if (fromMs !== null && toMs !== null && fromMs >= toMs) {
      const message = `the span must end after it starts: ${describeValue(event.to)} is not after ${describeValue(event.from)}`;
      const values = { to: describeValue(event.to), from: describeValue(event.from) };
      issues.push({ path: [...path, 'to'], message, detail: detail('spanOrder', values) });
    }
  }
}

function timeMs(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const parsed = parseTimeOfNightMs(value);
  return parsed.ok ? parsed.value : null;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
