import { describe, expect, it } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';

type Entries = { getEntriesByName: (name: string) => unknown[] };

/** A window whose paint entries, animation frames and timers come only when the test says. */
function fakeWindow(visibility: DocumentVisibilityState, paintTiming: boolean) {
  const frames: Array<() => void> = [];
  const timers: Array<{ callback: () => void; delayMs: number; cleared: boolean }> = [];
  const observers: Array<{ callback: (entries: Entries) => void; observing: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'longtask'] : ['longtask'];
    readonly record: { callback: (entries: Entries) => void; observing: boolean };
    constructor(callback: (entries: Entries) => void) {
      this.record = { callback, observing: false };
      observers.push(this.record);
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      this.record.observing = true;
    }
    disconnect() {
      this.record.observing = false;
    }
  }
  const view = {
    document: { visibilityState: visibility },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delayMs: number) => timers.push({ callback, delayMs, cleared: false }),
    clearTimeout: (id: number) => {
      const timer = timers[id - 1];
      if (timer) timer.cleared = true;
    },
  } as unknown as Window & typeof globalThis;
  const paint = (name: string) => {
    for (const observer of observers.filter((one) => one.observing))
      observer.callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) });
  };
  const runTimers = () => {
    for (const timer of timers.splice(0)) if (!timer.cleared) timer.callback();
  };
  const runFrames = () => {
    for (const frame of frames.splice(0)) frame();
  };
  return { view, paint, runTimers, runFrames, timers };
}

describe('afterFirstPaint', () => {
  it('waits for the first contentful paint to be recorded, not for the first paint or a frame', () => {
    const page = fakeWindow('visible', true);
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'));
    page.runFrames();
    page.paint('first-paint');
    expect(calls).toEqual([]);
    page.paint('first-contentful-paint');
    expect(calls).toEqual(['app']);
    // Once only: the give-up timer was cleared, and a later entry changes nothing.
    page.runTimers();
    page.paint('first-contentful-paint');
    expect(calls).toEqual(['app']);
  });

  it('gives up after giveUpMs on a page that never paints anything contentful', () => {
    const page = fakeWindow('visible', true);
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'), 1500);
    expect(page.timers.map((timer) => timer.delayMs)).toEqual([1500]);
    page.runTimers();
    expect(calls).toEqual(['app']);
  });

  it('without paint timing, waits for an animation frame and the task after it', () => {
    const page = fakeWindow('visible', false);
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'));
    page.runTimers();
    expect(calls).toEqual([]);
    page.runFrames();
    expect(calls).toEqual([]);
    page.runTimers();
    expect(calls).toEqual(['app']);
  });

  it('runs at once on a hidden page, which paints no frames', () => {
    const page = fakeWindow('hidden', true);
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'));
    expect(calls).toEqual(['app']);
  });
});
