/**
 * A drag's moves re-simulated from its origin's night (sim/checkpoints/resimulate.ts): the origin is
 * simulated once with checkpoints, and each move runs on from the last checkpoint before the
 * earliest instant the move can change, with the same trace a whole `simulate()` gives. The
 * night worker uses it; documents reach it as structured clones, so origins are keyed by
 * their JSON text. Only a couple of origins are kept: each holds a night and its checkpoints.
 */
import { loadScenarioValue } from '../../model/loadScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { type CheckpointedNight, resimulate, simulateWithCheckpoints } from '../../sim/checkpoints/resimulate';
import { unsupportedFeatures } from '../../sim/supportedFeatures';
import { createLruCache } from './lruCache';
import { computeNight, type Night } from './night';

/** The drag's origin and the one before it (a second drag that starts where the first ended). */
export const ORIGIN_CACHE_CAPACITY = 2;

const origins = createLruCache<string, CheckpointedNight | null>(ORIGIN_CACHE_CAPACITY);

/** The night of `document`, a move of a drag from `origin`: the night `computeNight` makes. */
export function nightFromOrigin(origin: ScenarioDocument, document: ScenarioDocument, file = 'scenario.json'): Night {
  const base = checkpointedNightOf(origin);
  if (base === null) return computeNight(document, file);
  return computeNight(document, file, (scenario) => resimulate(base, scenario, { keepCheckpoints: false }).trace);
}

/** The origin's night with checkpoints, cached; null when it cannot be simulated (the move then is simulated whole). */
function checkpointedNightOf(origin: ScenarioDocument): CheckpointedNight | null {
  const key = JSON.stringify(origin);
  const cached = origins.get(key);
  if (cached !== undefined) return cached;
  const loaded = loadScenarioValue(origin, 'origin.json');
  let night: CheckpointedNight | null = null;
  if (loaded.ok && unsupportedFeatures(loaded.scenario).length === 0) {
    try {
      night = simulateWithCheckpoints(loaded.scenario);
    } catch {
      night = null;
    }
  }
  origins.set(key, night);
  return night;
}
