/**
 * What every layout step shares: the viewport's time-to-pixel mapping (plain arithmetic, the
 * same as `timeScale()`, without a d3 call per mark), clipping of long bars, culling, and the
 * `describe` function with a per-layout cache for the words that repeat.
 */
import type { ResolvedJob } from '../model/resolvedScenario';
import type { Describe } from './describeDefaults';
import type { Viewport } from './viewport';

export type JobKind = ResolvedJob['kind'];

/** Bars are clipped this far outside the plot, so their ends never show and strokes stay off-screen. */
export const CLIP_MARGIN_PX = 8;

export interface LayoutContext {
  readonly viewport: Viewport;
  readonly describe: Describe;
  /** Where the night's marks end: the window's end, or where a truncated night stopped. */
  readonly nightEndMs: number;
  /** What the job writes (orders, outbox rows, the digest email, expired rows), for its words. */
  readonly jobKind: JobKind;
  /** Plot x of true time `ms`, unclipped. */
  x(ms: number): number;
  /** Plot x of `ms`, clipped to the plot plus a margin. */
  clipX(ms: number): number;
  /** True when `[fromMs, toMs]` overlaps the viewport (a zero-length item counts at its instant). */
  visible(fromMs: number, toMs: number): boolean;
  /** `describe(key, {})`, cached for the layout (activity names and other repeated words). */
  word(key: string): string;
}

/** Pure: a context for one layout. */
export function createLayoutContext(
  viewport: Viewport,
  describeText: Describe,
  nightEndMs: number,
  jobKind: JobKind = 'reconcile',
): LayoutContext {
  const { fromMs, toMs, widthPx } = viewport;
  const spanMs = toMs - fromMs;
  const minX = -CLIP_MARGIN_PX;
  const maxX = widthPx + CLIP_MARGIN_PX;
  const words = new Map<string, string>();
  return {
    viewport,
    describe: describeText,
    nightEndMs,
    jobKind,
    // Multiply before dividing, as msToPx does, so round times land on round pixels.
    x: (ms) => ((ms - fromMs) * widthPx) / spanMs,
    clipX: (ms) => {
      const x = ((ms - fromMs) * widthPx) / spanMs;
      return Math.min(maxX, Math.max(minX, x));
    },
    visible: (startMs, endMs) => endMs >= fromMs && startMs <= toMs,
    word: (key) => {
      let text = words.get(key);
      if (text === undefined) {
        text = describeText(key, {});
        words.set(key, text);
      }
      return text;
    },
  };
}
