/**
 * Keyboard editing of a focused event handle (`role="slider"`), the typed alternative to a
 * drag. Arrow keys move by one snap step, Page Up/Down by ten; Shift with an arrow changes the
 * length instead (a span's `for` or `to`, a delay's `by`, a clock jump's size); Delete or
 * Backspace removes the event. Steps add to the current value rather than snapping it to the
 * grid, so `02:01:30.250` steps to `02:01:40.250` with a 10 s step. Pure.
 */
import type { ScenarioEdit } from '../model/scenarioEdit';
import type { EventDocument } from '../model/scenarioSchema';
import { type EventPart, movedEvent, sameEvent } from './eventMoves';
import { readDurationMs, writeDuration } from './eventText';

export interface KeyInput {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** Steps per Page Up / Page Down. */
export const PAGE_STEPS = 10;

/** Signed step count per key: right/up later, left/down earlier (the ARIA slider convention). */
const STEPS: Readonly<Record<string, number>> = {
  ArrowRight: 1,
  ArrowUp: 1,
  ArrowLeft: -1,
  ArrowDown: -1,
  PageUp: PAGE_STEPS,
  PageDown: -PAGE_STEPS,
};

/**
 * Pure: the edits a key makes to event `index`; null for keys it does not handle (the caller
 * then lets the key through: Tab, Alt+arrows for the browser, Shift+arrows on a point event),
 * an empty list for a handled key that changes nothing (already at a bound).
 */
export function keyboardEdits(
  event: EventDocument,
  index: number,
  key: KeyInput,
  snapMs: number,
): ScenarioEdit[] | null {
  if (key.key === 'Delete' || key.key === 'Backspace') return [{ kind: 'removeEvent', index }];
  const steps = STEPS[key.key];
  if (steps === undefined || key.altKey) return null;
  const deltaMs = steps * Math.max(1, Math.round(snapMs));
  const next = key.shiftKey ? lengthened(event, deltaMs) : moved(event, deltaMs);
  if (next === undefined) return null;
  return next === null || sameEvent(next, event) ? [] : [{ kind: 'setEvent', index, event: next }];
}

const FREE = { snap: Math.round, minMs: 0, maxMs: Number.MAX_SAFE_INTEGER };

/** The event moved in time; for events with only a length, that length changes. */
function moved(event: EventDocument, deltaMs: number): EventDocument | null {
  const part: EventPart = event.type === 'pauseBeforeWrite' || event.type === 'delayWrite' ? 'end' : 'body';
  return movedEvent(event, part, deltaMs, FREE);
}

/** The event's length changed; undefined when it has none (points other than clock jumps). */
function lengthened(event: EventDocument, deltaMs: number): EventDocument | null | undefined {
  switch (event.type) {
    case 'pause':
    case 'starveRenewer':
    case 'partition':
    case 'pauseBeforeWrite':
    case 'delayWrite':
      return movedEvent(event, 'end', deltaMs, FREE);
    case 'clockJump': {
      const byMs = readDurationMs(event.by);
      return byMs === null ? null : { ...event, by: writeDuration(byMs + deltaMs) };
    }
    default:
      return undefined;
  }
}
