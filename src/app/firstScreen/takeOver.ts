/**
 * The app takes the page over from the first screen prerendered into index.html
 * (src/prerender/): that screen stays, over #root (hidden by styles.css meanwhile), until the
 * app's own page is ready to be seen, and goes in the same frame as #root shows, so nothing on
 * the screen moves or blinks. Ready means: its chart has been drawn (TimelineView draws it in a
 * layout effect, in the task of React's first commit), or the page has no chart (a crash, a
 * view still loading), or `giveUpMs` passed. Without a prerendered screen (`npm run dev`)
 * neither function does anything.
 */

/** Longest the first screen may stand over a page that never draws a chart. */
const GIVE_UP_MS = 5000;

/**
 * As soon as the app's script runs: the first screen becomes a picture of the page, not a page.
 * The variants the window does not show (styles.css) go, and what is left is `inert` and
 * hidden from assistive technology until the app replaces it: its controls do nothing, and
 * the page's own (in #root, hidden meanwhile) are the ones to find.
 */
export function holdFirstScreen(page: Document): void {
  const firstScreen = page.getElementById('first-screen');
  const view = page.defaultView;
  if (firstScreen === null || view === null) return;
  for (const variant of [...firstScreen.children])
    if (view.getComputedStyle(variant).display === 'none') variant.remove();
  firstScreen.inert = true;
  firstScreen.setAttribute('aria-hidden', 'true');
}

/** Whether `root` shows something that can replace the first screen. */
export function pageReady(root: Element): boolean {
  const chart = root.querySelector('svg.timeline');
  return chart === null ? root.childElementCount > 0 : chart.querySelector('g') !== null;
}

/** Watches `root` from before the first render; call before `createRoot(root).render`. */
export function takeOverFirstScreen(page: Document, root: HTMLElement, giveUpMs = GIVE_UP_MS): void {
  const firstScreen = page.getElementById('first-screen');
  if (firstScreen === null) return;
  const view = page.defaultView ?? window;
  let timer = 0;
  const takeOver = () => {
    observer.disconnect();
    view.clearTimeout(timer);
    firstScreen.remove();
    page.documentElement.removeAttribute('data-first-screen');
    page.documentElement.removeAttribute('data-first-screen-language');
  };
  // Mutation records arrive in a microtask after the change: before the frame is painted.
  const observer = new MutationObserver(() => {
    if (pageReady(root)) takeOver();
  });
  observer.observe(root, { childList: true, subtree: true });
  timer = view.setTimeout(takeOver, giveUpMs);
}
