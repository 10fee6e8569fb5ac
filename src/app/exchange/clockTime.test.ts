import { afterEach, describe, expect, it } from 'vitest';
import { clockTime, prepareClockTime } from './clockTime';

const Original = Intl.DateTimeFormat;
let made = 0;

/** Intl.DateTimeFormat that counts how often it is made. */
class CountedFormat extends Original {
  constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    super(...args);
    made += 1;
  }
}

afterEach(() => {
  Intl.DateTimeFormat = Original;
});

describe('prepareClockTime', () => {
  it('makes the formatter in an idle callback, and clockTime reuses it afterwards', () => {
    Intl.DateTimeFormat = CountedFormat as typeof Intl.DateTimeFormat;
    const idle: Array<() => void> = [];
    const view = { requestIdleCallback: (callback: () => void) => idle.push(callback) } as unknown as Window;
    prepareClockTime(view);
    expect(made).toBe(0);
    for (const callback of idle) callback();
    expect(made).toBe(1);
    expect(clockTime(Date.UTC(2026, 0, 1, 14, 3, 27))).toMatch(/\d\d.\d\d.\d\d/);
    expect(made).toBe(1);
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    const timers: number[] = [];
    const view = { setTimeout: (_callback: () => void, delayMs: number) => timers.push(delayMs) } as unknown as Window;
    prepareClockTime(view);
    expect(timers).toEqual([500]);
  });
});
