import { describe, expect, it } from 'vitest';
import { applyEdits } from '../model/scenarioEdit';
import type { EventDocument, ScenarioDocument } from '../model/scenarioSchema';
import { cancelEdits, type DragContext, type DragTarget, dragEdits, startDragGesture } from './dragEdits';

const H = 3_600_000;
const at = (h: number, m: number, s = 0, ms = 0) => h * H + m * 60_000 + s * 1000 + ms;

const pause: EventDocument = { id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: 'GC pause' };
const context = (events: EventDocument[] = [pause], lockAtMostForMs: number | null = 5 * 60_000): DragContext => ({
  events,
  lockAtMostForMs,
  windowFromMs: at(2, 0),
  windowToMs: at(2, 12),
});

interface Pointer {
  readonly ms: number;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

/** A headless gesture: press at the first pointer, move through the rest, release at the last. */
function gesture(target: DragTarget, ctx: DragContext, pointers: readonly Pointer[], snapMs = 1000) {
  const [first, ...moves] = pointers;
  if (!first) throw new Error('a gesture needs a press');
  const g = startDragGesture(target, ctx, first.ms);
  const modifiers = (p: Pointer) => ({ shiftKey: p.shiftKey === true, altKey: p.altKey === true });
  const ticks = moves.map((p) => dragEdits(g, p.ms, modifiers(p), snapMs));
  const last = pointers[pointers.length - 1] ?? first;
  return { ticks, end: dragEdits(g, last.ms, modifiers(last), snapMs, true), cancel: cancelEdits(g) };
}

const setPause = (event: Partial<EventDocument>) => [{ kind: 'setEvent', index: 0, event: { ...pause, ...event } }];

describe('dragging a pause', () => {
  it("resizing A's pause right edge 3 minutes to the left gives for: 3m, every tick the full list", () => {
    const { ticks, end } = gesture({ kind: 'event', eventIndex: 0, part: 'end' }, context(), [
      { ms: at(2, 7, 30) },
      { ms: at(2, 6, 30) },
      { ms: at(2, 5, 30) },
      { ms: at(2, 4, 30) },
    ]);
    expect(ticks).toEqual([setPause({ for: '5m' }), setPause({ for: '4m' }), setPause({ for: '3m' })]);
    expect(end).toEqual(setPause({ for: '3m' }));
  });

  it('moves the body (at) and keeps the length, snapped to the step unless Shift is held', () => {
    const press = { ms: at(2, 4) };
    const body: DragTarget = { kind: 'event', eventIndex: 0, part: 'body' };
    expect(gesture(body, context(), [press, { ms: at(2, 5, 3, 400) }], 10_000).end).toEqual(
      setPause({ at: '02:02:30' }),
    );
    expect(gesture(body, context(), [press, { ms: at(2, 5, 3, 400), shiftKey: true }], 10_000).end).toEqual(
      setPause({ at: '02:02:33.400' }),
    );
  });

  it('moves the left edge with the end fixed, never past the end', () => {
    const start: DragTarget = { kind: 'event', eventIndex: 0, part: 'start' };
    expect(gesture(start, context(), [{ ms: at(2, 1, 30) }, { ms: at(2, 1) }]).end).toEqual(
      setPause({ at: '02:01:00', for: '6m30s' }),
    );
    expect(gesture(start, context(), [{ ms: at(2, 1, 30) }, { ms: at(2, 9) }]).end).toEqual(
      setPause({ at: '02:07:29.999', for: '1ms' }),
    );
  });

  it('keeps the pause inside the window, and sends nothing when the pointer comes back', () => {
    const body: DragTarget = { kind: 'event', eventIndex: 0, part: 'body' };
    expect(gesture(body, context(), [{ ms: at(2, 3) }, { ms: at(1, 0) }]).end).toEqual(setPause({ at: '02:00:00' }));
    const { ticks, end } = gesture(body, context(), [{ ms: at(2, 3) }, { ms: at(2, 4) }, { ms: at(2, 3) }]);
    expect(ticks[1]).toEqual([]);
    expect(end).toEqual([]);
  });

  it('cancels by putting the original event back', () => {
    const { cancel } = gesture({ kind: 'event', eventIndex: 0, part: 'end' }, context(), [{ ms: 0 }, { ms: 1 }]);
    expect(cancel).toEqual([{ kind: 'setEvent', index: 0, event: pause }]);
  });
});

describe('dragging other events', () => {
  const starve: EventDocument = { type: 'starveRenewer', replica: 'B', from: '02:03:00', to: '02:04:00' };
  const jump: EventDocument = { type: 'clockJump', node: 'db', at: '02:03:00', by: '30s' };
  const pbw: EventDocument = { type: 'pauseBeforeWrite', replica: 'A', order: 1003, for: '1m' };
  const events = [starve, jump, pbw];

  it('moves a from/to span whole, or one edge', () => {
    const body = gesture({ kind: 'event', eventIndex: 0, part: 'body' }, context(events), [{ ms: 0 }, { ms: 30_000 }]);
    expect(body.end).toEqual([{ kind: 'setEvent', index: 0, event: { ...starve, from: '02:03:30', to: '02:04:30' } }]);
    const end = gesture({ kind: 'event', eventIndex: 0, part: 'end' }, context(events), [{ ms: 0 }, { ms: -90_000 }]);
    expect(end.end).toEqual([{ kind: 'setEvent', index: 0, event: { ...starve, to: '02:03:00.001' } }]);
  });

  it('moves a point event', () => {
    const g = gesture({ kind: 'event', eventIndex: 1, part: 'body' }, context(events), [{ ms: 0 }, { ms: -61_000 }]);
    expect(g.end).toEqual([{ kind: 'setEvent', index: 1, event: { ...jump, at: '02:01:59' } }]);
  });

  it("changes only a pauseBeforeWrite's length, from its end", () => {
    const end = gesture({ kind: 'event', eventIndex: 2, part: 'end' }, context(events), [{ ms: 0 }, { ms: 45_000 }]);
    expect(end.end).toEqual([{ kind: 'setEvent', index: 2, event: { ...pbw, for: '1m45s' } }]);
    const body = gesture({ kind: 'event', eventIndex: 2, part: 'body' }, context(events), [{ ms: 0 }, { ms: 45_000 }]);
    expect(body.end).toEqual([]);
  });
});

describe('dragging a write marker', () => {
  const write: DragTarget = { kind: 'write', replica: 'A', order: 1003 };

  it('adds a delayWrite when dragged later, and nothing when brought back', () => {
    const { ticks, end, cancel } = gesture(write, context(), [
      { ms: at(2, 7, 50) },
      { ms: at(2, 8, 20) },
      { ms: at(2, 7, 50, 200) },
    ]);
    expect(ticks[0]).toEqual([
      { kind: 'addEvent', event: { type: 'delayWrite', replica: 'A', order: 1003, by: '30s' } },
    ]);
    expect(ticks[1]).toEqual([]);
    expect(end).toEqual([]);
    // Removing the index past the start's events is a no-op on the start document.
    expect(cancel).toEqual([{ kind: 'removeEvent', index: 1 }]);
  });

  it('changes an existing delayWrite, and removes it when dragged back to the natural time', () => {
    const delay: EventDocument = { type: 'delayWrite', replica: 'A', order: 1003, by: '30s' };
    const ctx = context([pause, delay]);
    const { ticks, end, cancel } = gesture(write, ctx, [
      { ms: at(2, 8, 20) },
      { ms: at(2, 8, 40) },
      { ms: at(2, 7, 40) },
    ]);
    expect(ticks[0]).toEqual([{ kind: 'setEvent', index: 1, event: { ...delay, by: '50s' } }]);
    // While dragging, "0s" keeps indices still; on release the event goes.
    expect(ticks[1]).toEqual([{ kind: 'setEvent', index: 1, event: { ...delay, by: '0s' } }]);
    expect(end).toEqual([{ kind: 'removeEvent', index: 1 }]);
    expect(cancel).toEqual([{ kind: 'setEvent', index: 1, event: delay }]);
  });
});

describe('dragging a lease end', () => {
  const leaseEnd: DragTarget = { kind: 'leaseEnd', grantId: 0, grantMs: at(2, 0, 0, 2), endMs: at(2, 5, 0, 2) };

  it('changes lockAtMostFor by the drag, never below 1 s', () => {
    const longer = gesture(leaseEnd, context(), [{ ms: at(2, 5) }, { ms: at(2, 7, 0, 400) }]);
    expect(longer.end).toEqual([{ kind: 'patchLock', patch: { lockAtMostFor: '7m' } }]);
    const tiny = gesture(leaseEnd, context(), [{ ms: at(2, 5) }, { ms: at(1, 0) }]);
    expect(tiny.end).toEqual([{ kind: 'patchLock', patch: { lockAtMostFor: '1s' } }]);
    expect(gesture(leaseEnd, context([pause], null), [{ ms: 0 }, { ms: 60_000 }]).end).toEqual([]);
  });

  it('with Alt places a forced expiry instead, and switches as Alt is pressed and released', () => {
    const { ticks, end } = gesture(leaseEnd, context(), [
      { ms: at(2, 5) },
      { ms: at(2, 3), altKey: true },
      { ms: at(2, 3) },
      { ms: at(2, 3), altKey: true },
    ]);
    const expiry = [{ kind: 'addEvent', event: { type: 'expireLock', at: '02:03:00' } }];
    expect(ticks).toEqual([expiry, [{ kind: 'patchLock', patch: { lockAtMostFor: '3m' } }], expiry]);
    expect(end).toEqual(expiry);
  });

  it('moves the expireLock that ended this lease rather than adding another', () => {
    const expire: EventDocument = { type: 'expireLock', at: '02:04:00' };
    const forced: DragTarget = { ...leaseEnd, endMs: at(2, 4) };
    const { end, cancel } = gesture(forced, context([pause, expire]), [
      { ms: at(2, 4) },
      { ms: at(2, 3, 30), altKey: true },
    ]);
    expect(end).toEqual([{ kind: 'setEvent', index: 1, event: { type: 'expireLock', at: '02:03:30' } }]);
    expect(cancel).toEqual([
      { kind: 'patchLock', patch: { lockAtMostFor: '5m' } },
      { kind: 'setEvent', index: 1, event: expire },
    ]);
  });
});

describe('gesture edits against the start document', () => {
  it('give the dragged document with applyEdits, and cancel gives the start back', () => {
    const start = { format: 'leaseline/scenario', version: 1, events: [pause] } as ScenarioDocument;
    const g = startDragGesture({ kind: 'event', eventIndex: 0, part: 'end' }, context(), at(2, 7, 30));
    const dragged = applyEdits(start, dragEdits(g, at(2, 4, 30), { shiftKey: false, altKey: false }, 1000));
    expect(dragged.events?.[0]).toEqual({ ...pause, for: '3m' });
    expect(applyEdits(dragged, cancelEdits(g))).toEqual(start);
    expect(applyEdits(start, cancelEdits(g))).toEqual(start);
  });
});
