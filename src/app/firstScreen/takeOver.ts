/**
 * The app takes the page over from the first screen prerendered into index.html
 * (src/prerender/): that screen stays, over #root (hidden by styles.css meanwhile), until the
 * app's own page is ready to be seen, and goes in the same frame as #root shows, so nothing on
 * the screen moves or blinks. Ready means: its chart has been drawn (TimelineView draws it in a
 * layout effect, in the task of React's first commit), or the page has no chart (a crash, a
 * view still loading), or `giveUpMs` passed. Without a prerendered screen (`npm run dev`)
 * neither function does anything.
 *
 * Meanwhile the first screen is only a picture, so the page says it is starting
 * (`#first-screen-status`, prerendered with it): after a while by itself (styles.css), and at
 * once when the person presses a key or the pointer on it, which would otherwise do nothing
 * and say nothing. It goes with the first screen.
 */

/** Longest the first screen may stand over a page that never draws a chart. */
const GIVE_UP_MS = 5000;

/**
 * As soon as the app's script runs: the first screen becomes a picture of the page, not a page,
 * for assistive technology and for anything that looks for the page's controls by their role:
 * hidden from them until the app replaces it (the page's own, in #root, are the ones to find),
 * and a press on it says the page is starting. Nothing here restyles the page, so it costs the
 * first frame nothing (freezeFirstScreen does the rest after it).
 */
export function holdFirstScreen(page: Document): void {
  const firstScreen = page.getElementById('first-screen');
  if (firstScreen === null) return;
  firstScreen.setAttribute('aria-hidden', 'true');
  const status = page.getElementById(STATUS_ID);
  if (status === null) return;
  const asked = () => {
    if (status.isConnected) status.classList.add('first-screen-status--asked');
    for (const type of INPUT_TYPES) page.removeEventListener(type, asked, true);
  };
  for (const type of INPUT_TYPES) page.addEventListener(type, asked, true);
}

/**
 * Once the first paint is shown: the variants the window does not show (styles.css) go, and
 * what is left turns `inert`, so its controls can be neither focused nor used. Inert restyles
 * the whole screen (about 20 ms on a two-core machine): run as the entry was evaluated, a
 * trace showed it between the first frame's drawing and its showing, taking CPU from its
 * raster.
 */
export function freezeFirstScreen(page: Document): void {
  const firstScreen = page.getElementById('first-screen');
  const view = page.defaultView;
  if (firstScreen === null || view === null) return;
  for (const variant of [...firstScreen.children])
    if (view.getComputedStyle(variant).display === 'none') variant.remove();
  firstScreen.inert = true;
}

/** The status the page shows while it starts (src/prerender/firstScreenHtml.ts). */
const STATUS_ID = 'first-screen-status';

/** What a person does to use a page: press the pointer or a key. */
const INPUT_TYPES = ['pointerdown', 'keydown'] as const;

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
    page.getElementById(STATUS_ID)?.remove();
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
