/**
 * A drag's moves re-simulated (sim/checkpoints/resimulate.ts): the origin is simulated once
 * with checkpoints, and each move runs on from the previous move's night (the origin's for
 * the first), from the last checkpoint before the earliest instant the move can change, until
 * its state meets that night's again, whose rest it then takes (`reuseTail`): a move in the
 * first quarter of a long night re-runs minutes, not the rest of the night. The trace is the
 * one a whole `simulate()` gives. The night worker uses it; documents reach it as structured
 * clones, so origins are keyed by their JSON text. Only a couple of origins are kept, and the
 * last move's night: each holds a night and its checkpoints.
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

/** The last move's night and the drag's origin it came from (by the origin's JSON text). */
let lastMove: { readonly originKey: string; readonly night: CheckpointedNight } | null = null;

/** The night of `document`, a move of a drag from `origin`: the night `computeNight` makes. */
export function nightFromOrigin(origin: ScenarioDocument, document: ScenarioDocument, file = 'scenario.json'): Night {
  const originKey = JSON.stringify(origin);
  const originNight = checkpointedNightOf(origin, originKey);
  if (originNight === null) return computeNight(document, file);
  const base = lastMove?.originKey === originKey ? lastMove.night : originNight;
  return computeNight(document, file, (scenario) => {
    const night = resimulate(base, scenario, { reuseTail: true });
    lastMove = { originKey, night };
    return night.trace;
  });
}

/** The origin's night with checkpoints, cached; null when it cannot be simulated (the move then is simulated whole). */
function checkpointedNightOf(origin: ScenarioDocument, key: string): CheckpointedNight | null {
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
