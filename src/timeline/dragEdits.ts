/**
 * The pure half of dragging: a gesture (what was grabbed, the document's events when it was
 * grabbed, where the pointer was) and the pointer's current time give the full list of edits
 * for the gesture so far, always relative to the gesture's starting document. The drag
 * behaviour only turns pointer pixels into times and calls these; headless tests feed them
 * synthetic pointer sequences.
 *
 * - event parts: see `movedEvent` (body moves, edges resize).
 * - a write marker dragged later: a `delayWrite` for that replica and order (setEvent when
 *   one exists, addEvent otherwise); dragged back to its natural time, the event goes (at the
 *   gesture's end; while dragging it reads `by: "0s"`, which simulates the same and keeps
 *   indices still).
 * - a lease end: `lock.lockAtMostFor` grows or shrinks by the drag (never below 1 s); with Alt
 *   an `expireLock` event at the pointer instead (moved if one already ended this lease).
 * - snapping to the grid unless Shift is held.
 */
import type { ScenarioEdit } from '../model/scenarioEdit';
import type { EventDocument } from '../model/scenarioSchema';
import { boundsFor, type EventPart, movedEvent, sameEvent, snapTo } from './eventMoves';
import { clampTimeMs, readDurationMs, readTimeMs, writeDuration, writeTime } from './eventText';

/** What the pointer went down on. */
export type DragTarget =
  | { readonly kind: 'event'; readonly eventIndex: number; readonly part: EventPart }
  | { readonly kind: 'write'; readonly replica: string; readonly order: number }
  | { readonly kind: 'leaseEnd'; readonly grantId: number; readonly grantMs: number; readonly endMs: number };

export interface DragContext {
  /** The document's events when the gesture started. */
  readonly events: readonly EventDocument[];
  /** The lock's `lockAtMostFor` in ms, or null when the lock has none. */
  readonly lockAtMostForMs: number | null;
  readonly windowFromMs: number;
  readonly windowToMs: number;
}

export interface DragGesture {
  readonly target: DragTarget;
  readonly context: DragContext;
  /** Pointer time when the gesture started. */
  readonly startPointerMs: number;
}

export interface DragModifiers {
  /** Held: no snapping. */
  readonly shiftKey: boolean;
  /** Held on a lease end: a forced expiry instead of a new lease length. */
  readonly altKey: boolean;
}

/** The shortest lease a drag may set. */
export const LEASE_MIN_MS = 1000;

/** Pure: a gesture on `target` that started with the pointer at `pointerMs`. */
export function startDragGesture(target: DragTarget, context: DragContext, pointerMs: number): DragGesture {
  return { target, context, startPointerMs: pointerMs };
}

/**
 * Pure: the full edit list for the gesture with the pointer at `pointerMs`. `final` is true
 * for the list sent on release (a delay dragged back to nothing is then removed).
 */
export function dragEdits(
  gesture: DragGesture,
  pointerMs: number,
  modifiers: DragModifiers,
  snapMs: number,
  final = false,
): ScenarioEdit[] {
  const deltaMs = pointerMs - gesture.startPointerMs;
  const snap = modifiers.shiftKey ? Math.round : snapTo(snapMs);
  const { target, context } = gesture;
  switch (target.kind) {
    case 'event':
      return eventEdits(target.eventIndex, target.part, deltaMs, snap, context);
    case 'write':
      return writeDelayEdits(target, deltaMs, snap, context, final);
    case 'leaseEnd':
      return modifiers.altKey
        ? forcedExpiryEdits(target, deltaMs, snap, context)
        : leaseLengthEdits(deltaMs, snap, context);
  }
}

/** Pure: edits that put back what the gesture may have changed (for Escape). */
export function cancelEdits(gesture: DragGesture): ScenarioEdit[] {
  const { target, context } = gesture;
  const restore = (index: number): ScenarioEdit[] => {
    const event = context.events[index];
    return event ? [{ kind: 'setEvent', index, event }] : [];
  };
  // An event the gesture added sits at the end; removing that index is a no-op on the start document.
  const added: ScenarioEdit = { kind: 'removeEvent', index: context.events.length };
  switch (target.kind) {
    case 'event':
      return restore(target.eventIndex);
    case 'write': {
      const index = findDelayIndex(context.events, target.replica, target.order);
      return index === null ? [added] : restore(index);
    }
    case 'leaseEnd': {
      const index = findExpiryIndex(context.events, target.grantMs, target.endMs);
      const lock: ScenarioEdit[] =
        context.lockAtMostForMs === null
          ? []
          : [{ kind: 'patchLock', patch: { lockAtMostFor: writeDuration(context.lockAtMostForMs) } }];
      return [...lock, ...(index === null ? [added] : restore(index))];
    }
  }
}

function eventEdits(
  index: number,
  part: EventPart,
  deltaMs: number,
  snap: (ms: number) => number,
  context: DragContext,
): ScenarioEdit[] {
  const event = context.events[index];
  if (!event) return [];
  const next = movedEvent(event, part, deltaMs, {
    snap,
    ...boundsFor(event, context.windowFromMs, context.windowToMs),
  });
  return next === null || sameEvent(next, event) ? [] : [{ kind: 'setEvent', index, event: next }];
}

function writeDelayEdits(
  target: Extract<DragTarget, { kind: 'write' }>,
  deltaMs: number,
  snap: (ms: number) => number,
  context: DragContext,
  final: boolean,
): ScenarioEdit[] {
  const index = findDelayIndex(context.events, target.replica, target.order);
  const existing = index === null ? undefined : context.events[index];
  const oldByMs = existing?.type === 'delayWrite' ? (readDurationMs(existing.by) ?? 0) : 0;
  const newByMs = Math.max(0, snap(oldByMs + deltaMs));
  if (index === null || !existing) {
    if (newByMs === 0) return [];
    const event: EventDocument = {
      type: 'delayWrite',
      replica: target.replica,
      order: target.order,
      by: writeDuration(newByMs),
    };
    return [{ kind: 'addEvent', event }];
  }
  if (newByMs === 0 && final) return [{ kind: 'removeEvent', index }];
  const event = { ...existing, by: writeDuration(newByMs) } as EventDocument;
  return sameEvent(event, existing) ? [] : [{ kind: 'setEvent', index, event }];
}

function leaseLengthEdits(deltaMs: number, snap: (ms: number) => number, context: DragContext): ScenarioEdit[] {
  const oldMs = context.lockAtMostForMs;
  if (oldMs === null) return [];
  // The drag changes the length by what it moved the end: a released lease's end is not its length.
  const newMs = Math.max(LEASE_MIN_MS, snap(oldMs + deltaMs));
  return newMs === oldMs ? [] : [{ kind: 'patchLock', patch: { lockAtMostFor: writeDuration(newMs) } }];
}

function forcedExpiryEdits(
  target: Extract<DragTarget, { kind: 'leaseEnd' }>,
  deltaMs: number,
  snap: (ms: number) => number,
  context: DragContext,
): ScenarioEdit[] {
  const atMs = clampTimeMs(Math.max(target.grantMs + 1, snap(target.endMs + deltaMs)));
  const index = findExpiryIndex(context.events, target.grantMs, target.endMs);
  const existing = index === null ? undefined : context.events[index];
  if (index === null || !existing) return [{ kind: 'addEvent', event: { type: 'expireLock', at: writeTime(atMs) } }];
  const event = { ...existing, at: writeTime(atMs) } as EventDocument;
  return sameEvent(event, existing) ? [] : [{ kind: 'setEvent', index, event }];
}

/** Pure: the first `delayWrite` of this replica and order, or null. */
export function findDelayIndex(events: readonly EventDocument[], replica: string, order: number): number | null {
  const index = events.findIndex((e) => e.type === 'delayWrite' && e.replica === replica && e.order === order);
  return index < 0 ? null : index;
}

/** Pure: the `expireLock` event that ended the lease granted at `grantMs` (at or before its end), or null. */
export function findExpiryIndex(events: readonly EventDocument[], grantMs: number, endMs: number): number | null {
  const index = events.findIndex((e) => {
    if (e.type !== 'expireLock') return false;
    const atMs = readTimeMs(e.at);
    return atMs !== null && atMs > grantMs && atMs <= endMs;
  });
  return index < 0 ? null : index;
}
