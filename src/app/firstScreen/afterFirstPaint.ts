/**
 * Runs `then` once the browser has shown the page's first contentful paint: when the paint
 * timing entry `first-contentful-paint` is recorded, which is the moment the frame was
 * presented, not only drawn (a task queued from an animation frame could run before that).
 * A hidden page paints nothing, so there `then` runs at once; a browser without paint timing
 * waits for an animation frame and the task after it; and `giveUpMs` bounds the wait for a
 * page that never paints anything contentful.
 */
export function afterFirstPaint(
  view: Window & Pick<typeof globalThis, 'PerformanceObserver'>,
  then: () => void,
  giveUpMs = 2000,
): void {
  let done = false;
  let observer: PerformanceObserver | null = null;
  let timer = 0;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    view.clearTimeout(timer);
    then();
  };
  if (view.document.visibilityState === 'hidden') {
    once();
    return;
  }
  const Observer = view.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes('paint')) {
    const paints = new Observer((entries: PerformanceObserverEntryList) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    observer = paints;
    paints.observe({ type: 'paint', buffered: true });
    timer = view.setTimeout(once, giveUpMs);
    return;
  }
  view.requestAnimationFrame(() => view.setTimeout(once, 0));
}
