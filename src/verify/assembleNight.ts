/**
 * A night as the engine reads it, put together without reading its file: the base night's
 * resolved scenario, then each added element's resolved events, numbered and named as
 * `verifyNightFile` writes them (ids `found1`, `found2`..., the label `found by verify`).
 * Each element's events are the loader's own reading of the element alone, and the loader
 * resolves events one by one, so the result equals loading the night's file
 * (`tests/verifyAcceptance.test.ts` holds it to that on random sets): the loader's checks and
 * parsing run once per element instead of once per night. Pure.
 */
import type { ResolvedEvent, ResolvedScenario } from '../model/resolvedScenario';
import { nextFreeSerial } from '../search/nightFile';
import type { SearchFault } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import { VERIFY_EVENT_LABEL } from './verifyNight';

type EventBody = ResolvedEvent extends infer E
  ? E extends ResolvedEvent
    ? Omit<E, 'index' | 'id' | 'label'>
    : never
  : never;

/**
 * Assembles nights of `base` (the file with no fault added, loaded) from `elements`: each
 * alphabet element's own night (itself alone added), loaded, or null where the loader refused it.
 */
export function nightAssembler(
  space: SearchSpace,
  base: ResolvedScenario,
  alphabet: readonly SearchFault[],
  elements: readonly (ResolvedScenario | null)[],
): (indices: readonly number[]) => ResolvedScenario {
  const baseCount = base.events.length;
  const bodies = elements.map((element) =>
    element === null ? null : element.events.slice(baseCount).map(({ index, id, label, ...body }) => body as EventBody),
  );
  return (indices) => {
    const events: ResolvedEvent[] = [...base.events];
    let serial = 0;
    for (const elementIndex of indices) {
      const added = bodies[elementIndex];
      if (added === null || added === undefined) {
        throw new Error(`element ${elementIndex} of ${alphabet.length} is not a night alone`);
      }
      for (const body of added) {
        serial = nextFreeSerial(space.usedEventIds, serial);
        events.push({
          index: events.length,
          id: `found${serial}`,
          label: VERIFY_EVENT_LABEL,
          ...body,
        } as ResolvedEvent);
      }
    }
    return { ...base, events };
  };
}
