/**
 * Which of two failing nights is the smaller, the one `verify` prints: fewer faults; then
 * search's `nightSize` (fewer events, fewer whole seconds, rounder values, earlier replicas);
 * then the file's text, so the same file and bounds always print the same night. Pure.
 */
import type { ScenarioDocument } from '../model/scenarioSchema';
import { serializeScenario } from '../model/serializeScenario';
import { compareSize, type NightSize, nightSize } from '../search/nightSize';
import type { SearchNight } from '../search/searchFault';

export interface FailingNight {
  readonly night: SearchNight;
  readonly document: ScenarioDocument;
  readonly size: NightSize;
}

export function failingNight(night: SearchNight, document: ScenarioDocument, windowFromMs: number): FailingNight {
  return { night, document, size: nightSize(night, windowFromMs) };
}

/** Negative when `a` is the smaller night. The text is written only on a tie of size. */
export function compareFailing(a: FailingNight, b: FailingNight): number {
  const byFaults = a.night.length - b.night.length;
  if (byFaults !== 0) return byFaults;
  const bySize = compareSize(a.size, b.size);
  if (bySize !== 0) return bySize;
  const textA = serializeScenario(a.document);
  const textB = serializeScenario(b.document);
  return textA < textB ? -1 : textA > textB ? 1 : 0;
}

/** The smaller of the two (`a` on a tie); `null` counts as larger than any night. */
export function smallerOf(a: FailingNight | null, b: FailingNight): FailingNight {
  return a === null || compareFailing(b, a) < 0 ? b : a;
}
