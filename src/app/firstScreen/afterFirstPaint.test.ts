import { describe, expect, it } from 'vitest';
import { afterFirstPaint } from './afterFirstPaint';

/** A window whose animation frames and timers run only when the test says. */
function fakeWindow(visibility: DocumentVisibilityState) {
  const frames: Array<() => void> = [];
  const tasks: Array<() => void> = [];
  const view = {
    document: { visibilityState: visibility },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delayMs: number) => {
      expect(delayMs).toBe(0);
      tasks.push(callback);
    },
  } as unknown as Window;
  const run = (list: Array<() => void>) => {
    for (const callback of list.splice(0)) callback();
  };
  return { view, frame: () => run(frames), task: () => run(tasks) };
}

describe('afterFirstPaint', () => {
  it('waits for an animation frame, then for the task after it: the frame has been painted by then', () => {
    const page = fakeWindow('visible');
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'));
    expect(calls).toEqual([]);
    page.task();
    expect(calls).toEqual([]);
    page.frame();
    expect(calls).toEqual([]);
    page.task();
    expect(calls).toEqual(['app']);
  });

  it('runs at once on a hidden page, which paints no frames', () => {
    const page = fakeWindow('hidden');
    const calls: string[] = [];
    afterFirstPaint(page.view, () => calls.push('app'));
    expect(calls).toEqual(['app']);
  });
});
