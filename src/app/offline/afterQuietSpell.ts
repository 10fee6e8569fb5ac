/**
 * Runs a start-up task once the person has left the page alone for a while: `quietMs` with no
 * button or key pressed, no wheel turned and no pointer held down. Press, key and wheel start
 * the wait again; a held pointer (a drag) holds it until it is let go.
 *
 * Why: the service worker's install fetches and stores the whole build (about 70 files). On a
 * two-core machine that takes the second core for a second or two, and a drag begun meanwhile
 * loses frames: the flagship's first drag measured 5.5-9.4 ms p95 of main-thread work per move
 * with the worker installing and 2.9-4.1 ms with it blocked (docs/performance.md). A person's
 * pause is when the page has room for it.
 */

/** The page's input events that say the person is busy with it. */
const BUSY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;
/** The events that end a held pointer. */
const LET_GO_EVENTS = ['pointerup', 'pointercancel'] as const;

/** The timers it needs: the window's, or a test's. */
export interface QuietSpellClock {
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/**
 * Calls `task` once, `quietMs` after the last sign of use (at the earliest `quietMs` from now).
 * Returns a function that cancels it (and removes the listeners).
 */
export function afterQuietSpell(
  target: EventTarget,
  clock: QuietSpellClock,
  quietMs: number,
  task: () => void,
): () => void {
  let timer: number | null = null;
  let held = false;
  const listening = { capture: true, passive: true } as const;

  const stop = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    for (const type of BUSY_EVENTS) target.removeEventListener(type, onBusy, listening);
    for (const type of LET_GO_EVENTS) target.removeEventListener(type, onLetGo, listening);
  };
  const wait = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = held
      ? null
      : clock.setTimeout(() => {
          stop();
          task();
        }, quietMs);
  };
  function onBusy(event: Event) {
    if (event.type === 'pointerdown') held = true;
    wait();
  }
  function onLetGo() {
    held = false;
    wait();
  }

  for (const type of BUSY_EVENTS) target.addEventListener(type, onBusy, listening);
  for (const type of LET_GO_EVENTS) target.addEventListener(type, onLetGo, listening);
  wait();
  return stop;
}
