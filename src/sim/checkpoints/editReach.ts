/**
 * How far back an edit of a scenario reaches: the earliest true time at which a night of the
 * edited scenario can differ from the original's (`resimulate.ts` restores a checkpoint at or
 * before it). Null when the edit is not a change of timed events alone, and the night must run
 * from the start; `+Infinity` when nothing changed.
 */
import type { ResolvedEvent, ResolvedScenario } from '../../model/resolvedScenario';
import { simulationStartMs } from '../simulate';

export function earliestAffectedMs(previous: ResolvedScenario, next: ResolvedScenario): number | null {
  if (previous === next) return Number.POSITIVE_INFINITY;
  if (!sameStart(previous, next)) return null;
  const changed = changedEvents(previous.events, next.events);
  return changed === null ? null : reachOfChanged(changed, next);
}

/**
 * `earliestAffectedMs` of an edit known to append events and change nothing else: `next`'s
 * events are `previous`'s (equal, in the same places) and then `appendedCount` more. The
 * nights `leaseline verify` builds are such edits (a parent and one more fault, its events
 * last), and this is the same answer without writing out every event the two share to
 * compare them (`tests/appendedReach.property.test.ts` holds the two equal on verify's nights).
 */
export function appendedReachMs(
  previous: ResolvedScenario,
  next: ResolvedScenario,
  appendedCount: number,
): number | null {
  if (next.events.length !== previous.events.length + appendedCount) {
    throw new Error(`${next.events.length} events are not ${previous.events.length} and ${appendedCount} appended`);
  }
  if (appendedCount === 0) return earliestAffectedMs(previous, next);
  if (!sameStart(previous, next)) return null;
  return reachOfChanged(next.events.slice(previous.events.length), next);
}

/**
 * Whether the two nights can share a beginning at all: replicas, job, lock, storage and window
 * shape the whole night (and the clocks, the memo inputs, the lint), so any change there is a
 * full run; and events placed before the window move the night's start.
 */
function sameStart(previous: ResolvedScenario, next: ResolvedScenario): boolean {
  return sameButEvents(previous, next) && simulationStartMs(previous) === simulationStartMs(next);
}

/** The earliest reach of the changed events, or null when one of them reaches the whole night. */
function reachOfChanged(changed: readonly ResolvedEvent[], next: ResolvedScenario): number | null {
  let reachMs = Number.POSITIVE_INFINITY;
  const marginMs = partitionMarginMs(next);
  for (const event of changed) {
    const fromMs = reachOf(event, marginMs);
    if (fromMs === null) return null;
    reachMs = Math.min(reachMs, fromMs);
  }
  return reachMs;
}

/**
 * The latest instant at which an edit of events the queue carries (a pause, a crash, a restart,
 * a trigger, an expiry, a killed session, a lock service's own event) is placed, before or
 * after the edit; null when the edit changes anything else, or nothing. Past it, both nights
 * run on the same scenario but for what their states hold (the queue holds a pause's end, the
 * process its held replies), so two equal states there have the same future
 * (`tailReuse.ts`). An event read as the replica acts (a partition, a starved renewer, a
 * write delayed or held) or a clock jump changes the night at times of its own: none is
 * reused past it.
 */
export function latestQueuedEditMs(previous: ResolvedScenario, next: ResolvedScenario): number | null {
  if (previous === next || !sameButEvents(previous, next)) return null;
  const changed = changedEvents(previous.events, next.events);
  if (changed === null || changed.length === 0) return null;
  let latestMs = Number.NEGATIVE_INFINITY;
  for (const event of changed) {
    const atMs = queuedAtMs(event);
    if (atMs === null) return null;
    latestMs = Math.max(latestMs, atMs);
  }
  return latestMs;
}

/** Where the queue carries the event, or null for one the night reads at times of its own. */
function queuedAtMs(event: ResolvedEvent): number | null {
  switch (event.type) {
    case 'pause':
    case 'crash':
    case 'restart':
    case 'expireLock':
    case 'redisFailover':
    case 'killSession':
    case 'trigger':
      return event.atMs;
    case 'clockJump':
    case 'pauseBeforeWrite':
    case 'delayWrite':
    case 'partition':
    case 'starveRenewer':
      return null;
  }
}

/**
 * Whether the two scenarios differ in their events alone. Built from one another (a drag, a
 * night `verify` adds a fault to), their other fields are the very same objects: compared by
 * identity first, and as JSON only when one is not.
 */
function sameButEvents(previous: ResolvedScenario, next: ResolvedScenario): boolean {
  const keys = Object.keys(previous) as (keyof ResolvedScenario)[];
  if (
    keys.length === Object.keys(next).length &&
    keys.every((key) => key === 'events' || previous[key] === next[key])
  ) {
    return true;
  }
  return JSON.stringify({ ...previous, events: [] }) === JSON.stringify({ ...next, events: [] });
}

/**
 * The earliest instant an event's presence or absence can change anything.
 * - Clock jumps: timers are solved for their true time across jumps known up front, so a
 *   jump changes timers set long before it.
 * - `pauseBeforeWrite` and `delayWrite` have no time: they act on a write whenever it comes.
 * - A partition is consulted when a request is sent, for the instant it would arrive: the
 *   sender acts at most the largest latency plus the write delays before that.
 * - A starved renewer is consulted at the renewer's own tick, inside the span.
 * - Every other event is an agenda item at its `atMs`.
 */
function reachOf(event: ResolvedEvent, partitionMarginMs: number): number | null {
  switch (event.type) {
    case 'clockJump':
    case 'pauseBeforeWrite':
    case 'delayWrite':
      return null;
    case 'partition':
      return event.fromMs - partitionMarginMs;
    case 'starveRenewer':
      return event.fromMs;
    default:
      return event.atMs;
  }
}

/** How long before its arrival a request can be sent: the slowest latency, every write delay, a millisecond. */
function partitionMarginMs(scenario: ResolvedScenario): number {
  let delayMs = 0;
  for (const event of scenario.events) if (event.type === 'delayWrite') delayMs += Math.max(0, event.byMs);
  return 2 + scenario.replicas.length + delayMs + 1;
}

/**
 * The events in one list and not the other (as a multiset of their JSON), or null when the
 * events both keep are not in the same order (the order decides ties in the queue and the
 * fault plan's lookups, so that edit is a full run). A resolved event carries its index in the
 * list, so an event whose place changed counts as changed already; the order check guards
 * that assumption.
 */
function changedEvents(before: readonly ResolvedEvent[], after: readonly ResolvedEvent[]): ResolvedEvent[] | null {
  const beforeKeys = before.map((event) => JSON.stringify(event));
  const afterKeys = after.map((event) => JSON.stringify(event));
  const afterCount = countOf(afterKeys);
  const beforeCount = countOf(beforeKeys);
  const common = new Map<string, number>();
  for (const [key, count] of beforeCount) common.set(key, Math.min(count, afterCount.get(key) ?? 0));
  const changed: ResolvedEvent[] = [];
  const keptBefore = split(before, beforeKeys, new Map(common), changed);
  const keptAfter = split(after, afterKeys, new Map(common), changed);
  if (keptBefore.length !== keptAfter.length || keptBefore.some((key, index) => key !== keptAfter[index])) return null;
  return changed;
}

function countOf(keys: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The keys of the events both lists keep (the first ones of each), the others into `changed`. */
function split(
  events: readonly ResolvedEvent[],
  keys: readonly string[],
  common: Map<string, number>,
  changed: ResolvedEvent[],
): string[] {
  const kept: string[] = [];
  events.forEach((event, index) => {
    const key = keys[index] as string;
    const left = common.get(key) ?? 0;
    if (left > 0) {
      common.set(key, left - 1);
      kept.push(key);
    } else {
      changed.push(event);
    }
  });
  return kept;
}
