import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterQuietSpell, type QuietSpellClock } from './afterQuietSpell';

/** Vitest's fake timers, as the window's (which count their timers in numbers). */
const fakeClock: QuietSpellClock = {
  setTimeout: (run, ms) => setTimeout(run, ms) as unknown as number,
  clearTimeout: (id) => clearTimeout(id),
};

/** Moves the fake time on, running what falls due. */
const clock = { advance: (ms: number) => vi.advanceTimersByTime(ms), pending: () => vi.getTimerCount() };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setUp(quietMs = 3000) {
  const page = new EventTarget();
  let runs = 0;
  const cancel = afterQuietSpell(page, fakeClock, quietMs, () => runs++);
  const press = (type: string) => page.dispatchEvent(new Event(type));
  return { clock, press, cancel, runs: () => runs };
}

describe('afterQuietSpell', () => {
  it('runs the task once the page has been left alone for the quiet spell, and only once', () => {
    const { clock, runs } = setUp();
    clock.advance(2999);
    expect(runs()).toBe(0);
    clock.advance(1);
    expect(runs()).toBe(1);
    clock.advance(60_000);
    expect(runs()).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('starts the wait again at each key, click or wheel', () => {
    const { clock, press, runs } = setUp();
    clock.advance(2000);
    press('keydown');
    clock.advance(2000);
    press('wheel');
    clock.advance(2999);
    expect(runs()).toBe(0);
    clock.advance(1);
    expect(runs()).toBe(1);
  });

  it('never runs while a pointer is held down (a drag), however long, and waits the spell after it is let go', () => {
    const { clock, press, runs } = setUp();
    clock.advance(1000);
    press('pointerdown');
    clock.advance(20_000);
    expect(runs()).toBe(0);
    press('pointerup');
    clock.advance(2999);
    expect(runs()).toBe(0);
    clock.advance(1);
    expect(runs()).toBe(1);
  });

  it('counts a cancelled pointer as let go', () => {
    const { clock, press, runs } = setUp();
    press('pointerdown');
    clock.advance(10_000);
    press('pointercancel');
    clock.advance(3000);
    expect(runs()).toBe(1);
  });

  it('after it ran, the page’s events no longer reach it', () => {
    const { clock, press, runs } = setUp();
    clock.advance(3000);
    press('pointerdown');
    press('pointerup');
    clock.advance(10_000);
    expect(runs()).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('cancelled, it never runs', () => {
    const { clock, press, cancel, runs } = setUp();
    clock.advance(1000);
    cancel();
    press('keydown');
    clock.advance(60_000);
    expect(runs()).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});
