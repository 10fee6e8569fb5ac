/**
 * What this engine simulates today. The file format (docs/scenario-format.md) names more lock kinds, job
 * kinds and events than the engine runs yet; a scenario using them gets a clear refusal that
 * names the JSON path, instead of a silently wrong night. Pure.
 */
import { EVENT_TYPES } from '../model/eventSchema';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { Refusal } from './services/lockService';
import { lockServices, simulatedLockKinds } from './services/registry';

export type Unsupported = Refusal;

/** Lock kinds this engine simulates (the settings offer the others as "not simulated yet"): those with a service. */
export const SIMULATED_LOCK_KINDS: ReadonlySet<string> = new Set(simulatedLockKinds());
/** Event types the format has that this engine does not simulate yet (they need other locks). */
const NOT_YET_SIMULATED_EVENTS: ReadonlySet<string> = new Set<string>();
/** Event types this engine simulates. */
export const SIMULATED_EVENT_TYPES: ReadonlySet<string> = new Set(
  EVENT_TYPES.filter((type) => !NOT_YET_SIMULATED_EVENTS.has(type)),
);

export function unsupportedFeatures(scenario: ResolvedScenario): Unsupported[] {
  const found: Unsupported[] = [];
  if (!SIMULATED_LOCK_KINDS.has(scenario.lock.kind)) {
    found.push({
      path: 'lock.kind',
      message: `"${scenario.lock.kind}" is not simulated yet; this version simulates every lock kind`,
    });
  }
  for (const event of scenario.events) {
    if (!SIMULATED_EVENT_TYPES.has(event.type)) {
      found.push({
        path: `events[${event.index}].type`,
        message: `"${event.type}" is not simulated yet for this lock`,
      });
    }
  }
  // Events that need a service the night has not got (a Redis failover without Redis).
  for (const service of lockServices()) found.push(...service.refusedEvents(scenario));
  return found;
}
