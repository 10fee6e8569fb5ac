/**
 * A tried night as a scenario file: the base file's keys, its kept events, then the events
 * of the added faults, each with a fresh id and the label that marks it as found by the
 * search. Loaded through the model's loader like any file a person writes, so every night
 * the search tries is a valid one. Pure.
 */
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { EventDocument, ScenarioDocument } from '../model/scenarioSchema';
import { ADDED_EVENT_LABEL } from './foundEventLabels';
import { faultEvents, type SearchNight } from './searchFault';
import type { SearchSpace } from './searchSpace';

export { ADDED_EVENT_LABEL } from './foundEventLabels';

export interface NightFile {
  readonly document: ScenarioDocument;
  /** Indices into `document.events` of the events the faults became. */
  readonly addedEventIndices: readonly number[];
}

/**
 * The file of the base night with `night`'s faults added after its own events, each labelled
 * `label` (`leaseline verify` marks its nights as its own).
 */
export function nightFile(space: SearchSpace, night: SearchNight, label: string = ADDED_EVENT_LABEL): NightFile {
  const kept = space.baseDocument.events ?? [];
  const added: EventDocument[] = [];
  let serial = 0;
  for (const fault of night) {
    for (const event of faultEvents(fault, space)) {
      serial = nextFreeSerial(space.usedEventIds, serial);
      added.push({ id: `found${serial}`, ...event, label } as EventDocument);
    }
  }
  return {
    document: { ...space.baseDocument, events: [...kept, ...added] },
    addedEventIndices: added.map((_, index) => kept.length + index),
  };
}

/** The night as the engine reads it; throws on a file the loader refuses (a bug in the search). */
export function loadNight(document: ScenarioDocument): ResolvedScenario {
  const loaded = loadScenarioValue(document, 'search.json');
  if (!loaded.ok) {
    const first = loaded.errors[0];
    throw new Error(`the search made an invalid night: ${first?.path ?? ''}: ${first?.message ?? ''}`);
  }
  return loaded.scenario;
}

export function nextFreeSerial(used: ReadonlySet<string>, after: number): number {
  let serial = after + 1;
  while (used.has(`found${serial}`)) serial += 1;
  return serial;
}
