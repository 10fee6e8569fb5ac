/** Bounds read off a scenario before it runs, for the configuration lint (I7). Pure. */
import type { ResolvedScenario } from '../model/resolvedScenario';

/** The longest undisturbed run any replica would take: load, every item, mark done. */
export function worstCaseRuntimeMs(scenario: ResolvedScenario): number {
  const itemCount = scenario.job.items.length;
  let worstMs = 0;
  for (const replica of scenario.replicas) {
    worstMs = Math.max(worstMs, replica.loadMs + itemCount * replica.perItemMs + replica.markDoneMs);
  }
  return worstMs;
}

/** The largest difference between two replicas' clock offsets. */
export function maxClockSkewMs(scenario: ResolvedScenario): number {
  const offsets = scenario.replicas.map((replica) => replica.clockOffsetMs);
  return offsets.length === 0 ? 0 : Math.max(...offsets) - Math.min(...offsets);
}
