/**
 * The scenario file, format version 1 (docs/scenario-format.md), as zod schemas. Only `format` and `version`
 * are required; every object is loose, so keys this version does not know are kept (and named in a
 * warning, unknownKeys.ts). The
 * schema validates and nothing more: defaults are filled by `resolveScenario()`, never here.
 */
import { measuredSchema } from './measuredNight';
import './zodConfig';
import * as z from 'zod/mini';
import { eventSchema } from './eventSchema';
import { ownedBy } from './fieldOwners';
import {
  amountField,
  durationField,
  flagField,
  listField,
  objectField,
  oneOfField,
  textField,
  timeField,
  wholeNumberField,
} from './fieldSchemas';
import { lockSchema } from './lockSchema';

export const SCENARIO_FORMAT = 'leaseline/scenario';
export const REPLICAS_MAX = 9;
export const EVENTS_MAX = 500;
/** Beyond the contract (docs/scenario-format.md "Limits beyond the contract"): a bound so that a pasted file cannot ask for millions of writes. */
export const ITEMS_MAX = 1000;
export const REPLICA_ID_CHARS_MAX = 12;
/** Past +-1,000,000 ppm a clock would stand still or run backwards. */
export const DRIFT_PPM_MAX = 999_999;
/** A student's written answer: a few paragraphs, not an essay that floods the page. */
export const EXPLANATION_CHARS_MAX = 5000;
export const EXERCISE_ID_CHARS_MAX = 40;
/** A student's name as typed on a hand-in (plain text, any script). */
export const STUDENT_NAME_CHARS_MAX = 100;

export const JOB_KINDS = ['reconcile', 'outbox', 'digest', 'cleanup'] as const;
export const ON_LOCK_LOST = ['exit', 'cancel', 'continue'] as const;

const trigger = objectField(
  {
    at: z.optional(timeField()),
    // null is accepted as "no retries", the same as leaving the key out.
    every: z.optional(z.nullable(durationField('positive'))),
    phase: z.optional(durationField('nonNegative')),
  },
  'trigger',
  '{"at": "02:00:00", "every": "60s"}',
);

const clock = objectField(
  {
    offset: z.optional(durationField('signed')),
    driftPpm: z.optional(wholeNumberField(-DRIFT_PPM_MAX, DRIFT_PPM_MAX, '100')),
  },
  'clock',
  '{"offset": "-2s", "driftPpm": 100}',
);

const replica = objectField(
  {
    id: z.optional(
      textField(REPLICA_ID_CHARS_MAX, 'replicaId', '"A"', {
        regex: /^[A-Za-z0-9_-]+$/,
        symbols: ['_', '-'],
      }),
    ),
    host: z.optional(textField(255, 'hostName', '"orders-0"')),
    clock: z.optional(clock),
    trigger: z.optional(trigger),
    load: z.optional(durationField('nonNegative')),
    perItem: z.optional(durationField('nonNegative')),
    markDone: z.optional(durationField('nonNegative')),
    holderCheck: z.optional(flagField()),
    onLockLost: z.optional(oneOfField(ON_LOCK_LOST, 'lockLostPolicy')),
  },
  'replica',
  '{"id": "A", "host": "orders-0"}',
);

const item = objectField(
  { order: wholeNumberField(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, '1001'), amount: amountField() },
  'item',
  '{"order": 1001, "amount": "5.00"}',
);

const job = objectField(
  {
    kind: z.optional(oneOfField(JOB_KINDS, 'jobKind')),
    items: z.optional(listField(item, 'items', 0, ITEMS_MAX)),
    load: z.optional(durationField('nonNegative')),
    perItem: z.optional(durationField('nonNegative')),
    markDone: z.optional(durationField('nonNegative')),
    skipIfDone: z.optional(flagField()),
    rows: z.optional(wholeNumberField(1, ITEMS_MAX, '30')),
    batch: z.optional(wholeNumberField(1, ITEMS_MAX, '10')),
    claim: z.optional(oneOfField(['skipLocked', 'forUpdate', 'none'], 'claimMode')),
    sendOrder: z.optional(oneOfField(['claimThenSend', 'sendThenClaim'], 'sendOrder')),
  },
  'job',
  '{"kind": "reconcile", "perItem": "30s"}',
);

const storage = objectField(
  {
    fencing: z.optional(oneOfField(['off', 'job', 'row'], 'fencingMode')),
    fenceOnAcquire: z.optional(flagField()),
    uniqueKey: z.optional(flagField()),
    lastToken: z.optional(wholeNumberField(0, Number.MAX_SAFE_INTEGER, '6')),
  },
  'storageSetting',
  '{"fencing": "job", "lastToken": 6}',
  'storageSettings',
);

const window = objectField(
  { from: z.optional(timeField()), to: z.optional(timeField()) },
  'window',
  '{"from": "02:00:00", "to": "02:10:00"}',
);

/** The whole file. `format` and `version` are checked first by `migrations.ts`. */
export const scenarioSchema = ownedBy(
  z.looseObject({
    format: z.literal(SCENARIO_FORMAT),
    version: z.literal(1),
    title: z.optional(textField(200, 'title', '"Paused holder"')),
    description: z.optional(textField(10_000, 'description', '"Plain text shown beside the timeline."')),
    // Hand-ins (docs/scenario-format.md): plain text kept exactly as typed, bidi controls and
    // markup included; it is data that every renderer shows as text, never interprets.
    explanation: z.optional(textField(EXPLANATION_CHARS_MAX, 'explanation', '"A pauses while holding the lock..."')),
    exercise: z.optional(
      textField(EXERCISE_ID_CHARS_MAX, 'exerciseId', '"ex03"', {
        regex: /^[A-Za-z0-9_.-]+$/,
        symbols: ['.', '_', '-'],
      }),
    ),
    student: z.optional(textField(STUDENT_NAME_CHARS_MAX, 'studentName', '"Alice Martin"')),
    window: z.optional(window),
    replicas: z.optional(listField(replica, 'replicas', 1, REPLICAS_MAX)),
    job: z.optional(job),
    lock: z.optional(lockSchema),
    storage: z.optional(storage),
    events: z.optional(listField(eventSchema, 'events', 0, EVENTS_MAX)),
    // What `leaseline lab --out` measured on a real PostgreSQL (docs/measured-night.md).
    measured: z.optional(measuredSchema),
  }),
  'scenarioFile',
);

/**
 * A validated scenario file: strings as the user wrote them, unknown keys kept, key order
 * as in the file. Turn it into engine input with `resolveScenario()`.
 */
export type ScenarioDocument = z.infer<typeof scenarioSchema>;
export type EventDocument = z.infer<typeof eventSchema>;
export type ReplicaDocument = z.infer<typeof replica>;
export type LockDocument = z.infer<typeof lockSchema>;
