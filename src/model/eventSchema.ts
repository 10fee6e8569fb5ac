/** One entry of `events[]`: a disturbance placed on the timeline, one shape per `type`. */
import './zodConfig';
import * as z from 'zod/mini';
import type { ErrorTerm } from './errorDetail';
import { ownedBy } from './fieldOwners';
import { durationField, notOneOf, textField, timeField, wholeNumberField, wrongType } from './fieldSchemas';
import type { EventType } from './resolvedScenario';

/** Every event type of format version 1, in the order docs/scenario-format.md lists them. */
export const EVENT_TYPES = [
  'pause',
  'pauseBeforeWrite',
  'crash',
  'restart',
  'clockJump',
  'delayWrite',
  'partition',
  'starveRenewer',
  'expireLock',
  'redisFailover',
  'killSession',
  'trigger',
] as const satisfies readonly EventType[];

export const EVENT_LABEL_CHARS_MAX = 120;
export const EVENT_ID_CHARS_MAX = 40;

const eventId = textField(EVENT_ID_CHARS_MAX, 'eventId', '"p1"', {
  regex: /^[A-Za-z0-9_.-]+$/,
  symbols: ['.', '_', '-'],
});
// Existence of the named replica is checked against the whole file later (crossChecks).
const replicaRef = z.string({ error: (issue) => wrongType(issue.input, 'replicaId', '"A"') });
const orderRef = wholeNumberField(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, '1003');

/** Each type's name in "not a field of a pause event" (unknownKeys.ts). */
const EVENT_OWNERS = {
  pause: 'eventPause',
  pauseBeforeWrite: 'eventPauseBeforeWrite',
  crash: 'eventCrash',
  restart: 'eventRestart',
  clockJump: 'eventClockJump',
  delayWrite: 'eventDelayWrite',
  partition: 'eventPartition',
  starveRenewer: 'eventStarveRenewer',
  expireLock: 'eventExpireLock',
  redisFailover: 'eventRedisFailover',
  killSession: 'eventKillSession',
  trigger: 'eventTrigger',
} as const satisfies Record<EventType, ErrorTerm>;

function eventOf<const T extends EventType, S extends z.core.$ZodLooseShape>(type: T, fields: S) {
  const schema = z.looseObject({
    type: z.literal(type),
    id: z.optional(eventId),
    label: z.optional(textField(EVENT_LABEL_CHARS_MAX, 'label', '"GC pause"')),
    ...fields,
  });
  return ownedBy(schema, EVENT_OWNERS[type]);
}

const at = timeField();
const span = { replica: replicaRef, from: timeField(), to: timeField() };

/** One element of `events[]`. */
export const eventSchema = z.discriminatedUnion(
  'type',
  [
    eventOf('pause', { replica: replicaRef, at, for: durationField('positive') }),
    eventOf('pauseBeforeWrite', { replica: replicaRef, order: orderRef, for: durationField('positive') }),
    eventOf('crash', { replica: replicaRef, at }),
    eventOf('restart', { replica: replicaRef, at }),
    eventOf('clockJump', {
      node: z.string({ error: (issue) => wrongType(issue.input, 'node', '"A", "db" or "redis"') }),
      at,
      by: durationField('signed'),
    }),
    eventOf('delayWrite', { replica: replicaRef, order: orderRef, by: durationField('nonNegative') }),
    eventOf('partition', span),
    eventOf('starveRenewer', span),
    eventOf('expireLock', { at }),
    eventOf('redisFailover', { at }),
    eventOf('killSession', { replica: replicaRef, at }),
    eventOf('trigger', { replica: replicaRef, at }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? notOneOf(typeOf(issue.input), 'eventType', EVENT_TYPES)
        : wrongType(issue.input, 'event', '{"type": "pause", "replica": "A", "at": "02:01:30", "for": "6m"}'),
  },
);

function typeOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
}
