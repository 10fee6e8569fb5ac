import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTime, prepareClockTime } from './clockTime';

afterEach(() => vi.restoreAllMocks());

describe('prepareClockTime', () => {
  it('makes the formatter in an idle callback, and clockTime reuses it afterwards', () => {
    const idle: Array<() => void> = [];
    const view = { requestIdleCallback: (callback: () => void) => idle.push(callback) } as unknown as Window;
    const Original = Intl.DateTimeFormat;
    const made = vi
      .spyOn(Intl, 'DateTimeFormat')
      .mockImplementation(
        ((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) =>
          new Original(...args)) as unknown as typeof Intl.DateTimeFormat,
      );
    prepareClockTime(view);
    expect(made).not.toHaveBeenCalled();
    for (const callback of idle) callback();
    const afterIdle = made.mock.calls.length;
    expect(afterIdle).toBe(1);
    expect(clockTime(Date.UTC(2026, 0, 1, 14, 3, 27))).toMatch(/\d\d.\d\d.\d\d/);
    expect(made.mock.calls.length).toBe(afterIdle);
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    const timers: number[] = [];
    const view = { setTimeout: (_callback: () => void, delayMs: number) => timers.push(delayMs) } as unknown as Window;
    prepareClockTime(view);
    expect(timers).toEqual([500]);
  });
});
