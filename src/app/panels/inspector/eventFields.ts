/**
 * Which typed fields the inspector shows for each event type (docs/scenario-format.md `events[]`), in the
 * order the format lists them, with each duration's sign rule. Pure data.
 */

import { EVENT_TYPES } from '../../../model/eventSchema';
import type { DurationRule } from '../../../model/fieldSchemas';
import type { EventType } from '../../../model/resolvedScenario';
import { SIMULATED_EVENT_TYPES } from '../../../sim/supportedFeatures';

export type EventFieldSpec =
  | { readonly key: 'replica' | 'node' | 'order' }
  | { readonly key: 'at' | 'from' }
  /** A span's end must come after its `from`. */
  | { readonly key: 'to' }
  | { readonly key: 'for' | 'by'; readonly rule: DurationRule };

const REPLICA = { key: 'replica' } as const;
const AT = { key: 'at' } as const;
const ORDER = { key: 'order' } as const;
const SPAN = [REPLICA, { key: 'from' }, { key: 'to' }] as const;

export const EVENT_FIELDS: Readonly<Record<EventType, readonly EventFieldSpec[]>> = {
  pause: [REPLICA, AT, { key: 'for', rule: 'positive' }],
  pauseBeforeWrite: [REPLICA, ORDER, { key: 'for', rule: 'positive' }],
  crash: [REPLICA, AT],
  restart: [REPLICA, AT],
  clockJump: [{ key: 'node' }, AT, { key: 'by', rule: 'signed' }],
  delayWrite: [REPLICA, ORDER, { key: 'by', rule: 'nonNegative' }],
  partition: SPAN,
  starveRenewer: SPAN,
  expireLock: [AT],
  redisFailover: [AT],
  killSession: [REPLICA, AT],
  trigger: [REPLICA, AT],
};

/** Event types the format has but this engine refuses. */
export const NOT_SIMULATED_EVENTS: ReadonlySet<EventType> = new Set(
  EVENT_TYPES.filter((type) => !SIMULATED_EVENT_TYPES.has(type)),
);
