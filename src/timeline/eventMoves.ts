/**
 * How a document event changes when part of it moves by some milliseconds: the one rule set
 * behind pointer drags and keyboard steps. A pause's body moves `at`; its start edge moves
 * `at` and `for` with the end fixed; its end edge changes `for`. Spans with `from`/`to`
 * (starveRenewer, partition) move or resize the same way. `pauseBeforeWrite` and `delayWrite`
 * have no time of their own, only a length (`for`, `by`), which their end edge changes. Points
 * move `at`. Times are written back in the file's notation. Pure.
 */
import type { EventDocument } from '../model/scenarioSchema';
import { clampTimeMs, readDurationMs, readTimeMs, writeDuration, writeTime } from './eventText';

export type EventPart = 'body' | 'start' | 'end';

export interface MoveRules {
  /** Rounds a time (or a length) to the grid; `Math.round` for no grid. */
  readonly snap: (ms: number) => number;
  /** Bounds for any time written (never outside 00:00:00-47:59:59.999 whatever they say). */
  readonly minMs: number;
  readonly maxMs: number;
}

/** Pure: a snapping function for a grid step; steps of 1 ms or less only round. */
export function snapTo(stepMs: number): (ms: number) => number {
  if (!(stepMs > 1)) return Math.round;
  return (ms) => Math.round(ms / stepMs) * stepMs;
}

/** Pure: the event with `part` moved by `deltaMs`; null when that part does not move. */
export function movedEvent(
  event: EventDocument,
  part: EventPart,
  deltaMs: number,
  rules: MoveRules,
): EventDocument | null {
  const time = (ms: number) => clampTimeMs(Math.min(rules.maxMs, Math.max(rules.minMs, ms)));
  switch (event.type) {
    case 'pause': {
      const atMs = readTimeMs(event.at);
      const forMs = readDurationMs(event.for);
      if (atMs === null || forMs === null) return null;
      const endMs = atMs + forMs;
      if (part === 'body') return { ...event, at: writeTime(time(rules.snap(atMs + deltaMs))) };
      if (part === 'start') {
        const newAtMs = Math.min(time(rules.snap(atMs + deltaMs)), endMs - 1);
        return { ...event, at: writeTime(newAtMs), for: writeDuration(endMs - newAtMs) };
      }
      const newEndMs = Math.max(time(rules.snap(endMs + deltaMs)), atMs + 1);
      return { ...event, for: writeDuration(newEndMs - atMs) };
    }
    case 'starveRenewer':
    case 'partition': {
      const fromMs = readTimeMs(event.from);
      const toMs = readTimeMs(event.to);
      if (fromMs === null || toMs === null) return null;
      if (part === 'body') {
        const newFromMs = time(rules.snap(fromMs + deltaMs));
        return { ...event, from: writeTime(newFromMs), to: writeTime(toMs + newFromMs - fromMs) };
      }
      if (part === 'start')
        return { ...event, from: writeTime(Math.min(time(rules.snap(fromMs + deltaMs)), toMs - 1)) };
      return { ...event, to: writeTime(Math.max(time(rules.snap(toMs + deltaMs)), fromMs + 1)) };
    }
    case 'pauseBeforeWrite': {
      const forMs = readDurationMs(event.for);
      if (part !== 'end' || forMs === null) return null;
      return { ...event, for: writeDuration(Math.max(1, rules.snap(forMs + deltaMs))) };
    }
    case 'delayWrite': {
      const byMs = readDurationMs(event.by);
      if (part === 'start' || byMs === null) return null;
      return { ...event, by: writeDuration(Math.max(0, rules.snap(byMs + deltaMs))) };
    }
    default: {
      const atMs = readTimeMs(event.at);
      if (atMs === null) return null;
      return { ...event, at: writeTime(time(rules.snap(atMs + deltaMs))) };
    }
  }
}

/** Pure: the bounds for moving `event`: the window, widened to wherever the event already is. */
export function boundsFor(
  event: EventDocument,
  windowFromMs: number,
  windowToMs: number,
): { minMs: number; maxMs: number } {
  const own = ownTimes(event);
  return { minMs: Math.min(windowFromMs, ...own), maxMs: Math.max(windowToMs, ...own) };
}

function ownTimes(event: EventDocument): number[] {
  const texts = 'at' in event ? [event.at] : 'from' in event ? [event.from, event.to] : [];
  const times: number[] = [];
  for (const text of texts) {
    const ms = readTimeMs(text);
    if (ms !== null) times.push(ms);
  }
  return times;
}

/** Pure: true when two events read the same (used to drop edits that change nothing). */
export function sameEvent(a: EventDocument, b: EventDocument): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
