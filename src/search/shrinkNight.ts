/**
 * Greedy, deterministic shrinking of a night that breaks: take the first candidate
 * (`shrinkCandidates.ts`) that is smaller (`nightSize.ts`) and still breaks, and start over
 * from it; stop when no candidate does, or after `triesMax` nights. fast-check's own
 * shrinker lowers integers toward their least value, which gives "02:00:00.002 for 3m20.437s";
 * this one also snaps to round times, and says what "smaller" means in one place, so that
 * "shrinking never grows a night" is a property with a meaning. Pure.
 */
import { compareSize, type NightSize, nightSize } from './nightSize';
import type { SearchNight } from './searchFault';
import { type NightBounds, shrinkCandidates } from './shrinkCandidates';

export interface ShrinkOutcome {
  readonly night: SearchNight;
  /** Smaller nights accepted, one after the other. */
  readonly steps: number;
  /** Candidate nights run (each a `simulate()`), repeats not counted. */
  readonly tries: number;
}

export interface ShrinkHooks {
  /** Does this night still break? Called at most once per distinct night. */
  readonly breaks: (night: SearchNight) => boolean;
  /** After each accepted step and every `PROGRESS_EVERY` tries. */
  readonly onProgress?: (night: SearchNight, tries: number) => void;
}

/** Enough for three faults to reach round values from anywhere in a long window. */
export const SHRINK_TRIES_MAX = 3000;
const PROGRESS_EVERY = 50;

export function shrinkNight(
  night: SearchNight,
  bounds: NightBounds,
  hooks: ShrinkHooks,
  triesMax = SHRINK_TRIES_MAX,
): ShrinkOutcome {
  const judged = new Map<string, boolean>();
  let current = night;
  let currentSize: NightSize = nightSize(current, bounds.windowFromMs);
  let steps = 0;
  let tries = 0;
  let improved = true;
  while (improved && tries < triesMax) {
    improved = false;
    for (const candidate of shrinkCandidates(current, bounds)) {
      const size = nightSize(candidate, bounds.windowFromMs);
      if (compareSize(size, currentSize) >= 0) continue;
      const key = JSON.stringify(candidate);
      let breaks = judged.get(key);
      if (breaks === undefined) {
        tries += 1;
        breaks = hooks.breaks(candidate);
        judged.set(key, breaks);
        if (tries % PROGRESS_EVERY === 0) hooks.onProgress?.(current, tries);
      }
      if (breaks) {
        current = candidate;
        currentSize = size;
        steps += 1;
        improved = true;
        hooks.onProgress?.(current, tries);
        break;
      }
      if (tries >= triesMax) break;
    }
  }
  return { night: current, steps, tries };
}
