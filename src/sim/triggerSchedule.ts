/**
 * A replica's trigger instants on its own wall clock (docs/scenario-format.md `trigger`): the cron instant
 * `at`, and retry polls at `at + phase + k*every` for k = 0, 1, 2... An instant equal to `at`
 * fires once. Pure.
 */
import type { ResolvedReplica } from '../model/resolvedScenario';

/** The first trigger instant strictly after `afterWallMs` (wall clock), or null when none is left. */
export function nextTriggerWallMs(replica: ResolvedReplica, afterWallMs: number): number | null {
  const atMs = replica.triggerAtMs;
  let best: number | null = atMs > afterWallMs ? atMs : null;
  const everyMs = replica.triggerEveryMs;
  if (everyMs !== null && everyMs > 0) {
    const firstPollMs = atMs + replica.triggerPhaseMs;
    const floorMs = Math.max(afterWallMs + 1, atMs);
    const k = floorMs <= firstPollMs ? 0 : Math.ceil((floorMs - firstPollMs) / everyMs);
    let pollMs = firstPollMs + k * everyMs;
    // A negative phase can put the first polls before `at`; those never fire.
    while (pollMs < floorMs) pollMs += everyMs;
    if (best === null || pollMs < best) best = pollMs;
  }
  return best;
}
