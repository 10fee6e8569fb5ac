/**
 * Words for one event of the scenario document, shared by the inspector and the event table:
 * what it is and where ("Pause, replica A"), when ("02:01:30 to 02:07:30") and how long.
 * Event text (labels, ids) is data and stays text; nothing here builds markup.
 */
import type { TFunction } from 'i18next';
import { parseDurationMs } from '../../model/duration';
import type { EventDocument } from '../../model/scenarioSchema';
import { formatTimeOfNightShort, parseTimeOfNightMs } from '../../model/timeOfNight';

/** "Pause, replica A", "Clock jump, node db", "Lock expiry". */
export function eventTitle(t: TFunction, event: EventDocument): string {
  const type = t(`panels.eventType.${event.type}`);
  switch (event.type) {
    case 'expireLock':
    case 'redisFailover':
      return type;
    case 'clockJump':
      return t('panels.event.onNode', { type, node: event.node });
    default:
      return t('panels.event.onReplica', { type, replica: event.replica });
  }
}

/** When it happens: a time, a span, or "before the write of #1003". */
export function eventWhen(t: TFunction, event: EventDocument): string {
  switch (event.type) {
    case 'pauseBeforeWrite':
      return t('panels.event.beforeWrite', { order: event.order });
    case 'delayWrite':
      return t('panels.event.ofWrite', { order: event.order });
    case 'partition':
    case 'starveRenewer':
      return t('panels.event.span', { from: event.from, to: event.to });
    default:
      return event.at;
  }
}

/** How long or how far, for the events that have a length: "6m (until 02:07:30)", "-90s". */
export function eventLength(t: TFunction, event: EventDocument): string {
  switch (event.type) {
    case 'pause':
      return t('panels.event.forUntil', { for: event.for, until: endOf(event.at, event.for) });
    case 'pauseBeforeWrite':
      return event.for;
    case 'clockJump':
    case 'delayWrite':
      return event.by;
    default:
      return '';
  }
}

function endOf(at: string, length: string): string {
  const start = parseTimeOfNightMs(at);
  const duration = parseDurationMs(length);
  return start.ok && duration.ok ? formatTimeOfNightShort(start.value + duration.value) : '?';
}
