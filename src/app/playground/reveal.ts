/**
 * Bringing into view what an action changed somewhere else on the page: "Jump to" in the
 * violations list moves the playhead on the chart far above it, a lane name opens its state
 * machine at the foot of the panels, EX04's Next statement rings a write on the chart. The
 * page scrolls as little as it can to show the changed thing (`block: 'nearest'`, so nothing
 * moves when it is already in view), after React has drawn it; focus moves only where the
 * person's next key belongs there (`focus`). App layer: DOM only.
 */

export interface RevealOptions {
  /** Also move the focus here (without a second scroll). */
  readonly focus?: () => HTMLElement | null;
}

/** Scrolls `find()`'s element into view after the next frame (once React has drawn it). */
export function revealSoon(find: () => Element | null, options: RevealOptions = {}): void {
  const view = globalThis.window;
  if (view === undefined) return;
  view.requestAnimationFrame(() => {
    const element = find();
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    options.focus?.()?.focus({ preventScroll: true });
  });
}

/** The chart and its playback bar, with the playhead slider focused (it announces the time). */
export function revealPlayhead(): void {
  revealSoon(() => document.querySelector('.timeline-section'), {
    focus: () => document.querySelector<HTMLInputElement>('input.panels-playhead'),
  });
}

/** The section headed by `headingId`, its heading focused (it needs tabIndex -1). */
export function revealSection(headingId: string): void {
  revealSoon(() => document.getElementById(headingId)?.closest('section') ?? null, {
    focus: () => document.getElementById(headingId),
  });
}

/** A mark on the chart (a write, the playhead line), the focus left where it is. */
export function revealOnChart(selector: string): void {
  revealSoon(() => document.querySelector(`svg.timeline ${selector}`));
}
