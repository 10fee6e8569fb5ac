import { describe, expect, it } from 'vitest';
import { afterQuietSpell, type QuietSpellClock } from './afterQuietSpell';

/** A clock moved by hand: `advance(ms)` runs what falls due, in order. */
function manualClock() {
  let nowMs = 0;
  let nextId = 1;
  const due = new Map<number, { atMs: number; run: () => void }>();
  const clock: QuietSpellClock & { advance(ms: number): void; pending(): number } = {
    setTimeout(run, ms) {
      const id = nextId++;
      due.set(id, { atMs: nowMs + ms, run });
      return id;
    },
    clearTimeout(id) {
      due.delete(id);
    },
    advance(ms) {
      const endMs = nowMs + ms;
      for (;;) {
        const next = [...due.entries()]
          .filter(([, timer]) => timer.atMs <= endMs)
          .sort((a, b) => a[1].atMs - b[1].atMs)[0];
        if (!next) break;
        due.delete(next[0]);
        nowMs = next[1].atMs;
        next[1].run();
      }
      nowMs = endMs;
    },
    pending: () => due.size,
  };
  return clock;
}

function setUp(quietMs = 3000) {
  const page = new EventTarget();
  const clock = manualClock();
  let runs = 0;
  const cancel = afterQuietSpell(page, clock, quietMs, () => runs++);
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
