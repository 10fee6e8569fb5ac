/**
 * The windows the first screen is prerendered for, and what the live app measures in each.
 * The build has no browser, so the chart's room (app/timeline/chartRoom.ts reads it off the
 * page's layout) comes from here: measured in Chromium on the built app, and held to the live
 * page by e2e/prerender.spec.ts (it fails, naming the figure, when the page's CSS moves one).
 *
 * Two windows, split where the app itself changes its first screen: a short window
 * (app/playground/shortWindow.ts, under 900 px tall) folds the night's story to one line, a
 * taller one shows it whole. Each variant shows in the windows of its side of that line
 * (styles.css, `.first-screen-night--short` and `--tall`), exactly as the app draws it in the
 * reference window, and scaled to the frame's width in the others until the app takes over.
 *
 * And in each of the app's languages (the head script shows the one the visit opens in): the
 * page in Arabic puts the frame lower and its section deeper (the header and the palette's
 * Arabic lines are taller), so its chart is drawn for a room of its own.
 */
export interface ReferenceLayout {
  /** The variant's class suffix and id prefix: `short` or `tall`. */
  readonly name: 'short' | 'tall';
  /** The language the page is drawn in (app/i18n/languages.ts). */
  readonly language: 'en' | 'ar';
  readonly windowWidthPx: number;
  readonly windowHeightPx: number;
  /** `.timeline-frame`'s clientWidth: the chart's available width. */
  readonly frameWidthPx: number;
  /** The top of `.timeline-frame` in the page. */
  readonly frameTopPx: number;
  /** What its section holds under the frame: the playback row and the palette. */
  readonly belowFramePx: number;
  /** `.timeline-ruler`'s clientHeight: the room the CSS gives the chart. */
  readonly rulerHeightPx: number;
  /** The chart's computed font size (timeline.css): the labels are placed for it. */
  readonly chartFontPx: number;
}

/** A 1280x720 laptop, the smallest screen the playground is laid out for (issue 29). */
export const SHORT_REFERENCE: ReferenceLayout = {
  name: 'short',
  language: 'en',
  windowWidthPx: 1280,
  windowHeightPx: 720,
  frameWidthPx: 1238,
  frameTopPx: 198.28125,
  belowFramePx: 124.515625,
  rulerHeightPx: 448,
  chartFontPx: 11,
};

/** A 1920x1080 screen. */
export const TALL_REFERENCE: ReferenceLayout = {
  name: 'tall',
  language: 'en',
  windowWidthPx: 1920,
  windowHeightPx: 1080,
  frameWidthPx: 1878,
  frameTopPx: 280.609375,
  belowFramePx: 124.515625,
  rulerHeightPx: 808,
  chartFontPx: 11,
};

/** The Arabic page in the short window: the same frame, lower and with more under it. */
export const SHORT_REFERENCE_ARABIC: ReferenceLayout = {
  ...SHORT_REFERENCE,
  language: 'ar',
  frameTopPx: 216.5,
  belowFramePx: 138.90625,
};

/** The Arabic page in the tall window. */
export const TALL_REFERENCE_ARABIC: ReferenceLayout = {
  ...TALL_REFERENCE,
  language: 'ar',
  frameTopPx: 297.703125,
  belowFramePx: 138.90625,
};

/** One language's variants side by side: gzip finds more of each in the one before it. */
export const REFERENCE_LAYOUTS: readonly ReferenceLayout[] = [
  SHORT_REFERENCE,
  TALL_REFERENCE,
  SHORT_REFERENCE_ARABIC,
  TALL_REFERENCE_ARABIC,
];
