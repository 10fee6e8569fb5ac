import { defaultEventId } from './defaults';
import { durationMs, timeOfNightMs } from './mustParse';
import type { ResolvedEvent } from './resolvedScenario';
import type { EventDocument } from './scenarioSchema';

/** The engine's events for a validated `events` list, in file order. Pure. */
export function resolveEvents(events: readonly EventDocument[]): ResolvedEvent[] {
  return events.map((event, index) => ({
    index,
    id: event.id ?? defaultEventId(index),
    label: event.label ?? null,
    ...resolveEventBody(event),
  }));
}

type EventBody = ResolvedEvent extends infer E
  ? E extends ResolvedEvent
    ? Omit<E, 'index' | 'id' | 'label'>
    : never
  : never;

function resolveEventBody(event: EventDocument): EventBody {
  switch (event.type) {
    case 'pause':
      return { type: 'pause', replica: event.replica, atMs: timeOfNightMs(event.at), forMs: durationMs(event.for) };
    case 'pauseBeforeWrite':
      return { type: 'pauseBeforeWrite', replica: event.replica, order: event.order, forMs: durationMs(event.for) };
    case 'crash':
    case 'restart':
    case 'killSession':
    case 'trigger':
      return { type: event.type, replica: event.replica, atMs: timeOfNightMs(event.at) };
    case 'clockJump':
      return { type: 'clockJump', node: event.node, atMs: timeOfNightMs(event.at), byMs: durationMs(event.by) };
    case 'delayWrite':
      return { type: 'delayWrite', replica: event.replica, order: event.order, byMs: durationMs(event.by) };
    case 'partition':
    case 'starveRenewer':
      return {
        type: event.type,
        replica: event.replica,
        fromMs: timeOfNightMs(event.from),
        toMs: timeOfNightMs(event.to),
      };
    case 'expireLock':
    case 'redisFailover':
      return { type: event.type, atMs: timeOfNightMs(event.at) };
  }
}
