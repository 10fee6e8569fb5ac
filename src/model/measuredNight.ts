/**
 * The optional `measured` section of a scenario file (docs/measured-night.md): what
 * `leaseline lab --out` measured on a real PostgreSQL, the lab's report and its statement log.
 * Validated field by field like the rest of the file, so a broken section names its JSON
 * path (`measured.report.grants[0].at`) and the file does not open.
 */
import './zodConfig';
import * as z from 'zod/mini';
import { detail, toZodMessage } from './errorDetail';
import {
  flagField,
  listField,
  objectField,
  oneOfField,
  textField,
  timeField,
  wholeNumberField,
  wrongType,
} from './fieldSchemas';
import { parseTimeOfNightMs } from './timeOfNight';

const ENTRIES_MAX = 5000;
const BIG = Number.MAX_SAFE_INTEGER;

const replicaName = textField(12, 'replicaId', '"A"');
const token = z.union([wholeNumberField(0, BIG, '7'), z.null()], {
  error: (issue) => wrongType(issue.input, 'token', '7 or null'),
});
const timeOrNull = z.union([timeField(), z.null()], {
  error: (issue) => wrongType(issue.input, 'timeOfNight', '"02:05:10.000" or null'),
});
const order = wholeNumberField(0, BIG, '1003');

const grant = objectField(
  { replica: replicaName, token, at: timeField(), until: timeOrNull },
  'grant',
  '{"replica": "A", "token": 7, "at": "02:00:31.200", "until": "02:05:31.200"}',
);
const write = objectField(
  {
    replica: replicaName,
    order,
    token,
    sentAt: timeField(),
    at: timeField(),
    result: oneOfField(['accepted', 'stale', 'duplicate'], 'writeResult'),
  },
  'write',
  '{"replica": "A", "order": 1001, "token": 7, "sentAt": "02:01:21.000", "at": "02:01:21.300", "result": "accepted"}',
);
const run = objectField(
  {
    replica: replicaName,
    token,
    start: timeField(),
    end: timeOrNull,
    outcome: z.union([oneOfField(['done', 'aborted', 'crashed', 'skipped'], 'runOutcome'), z.null()], {
      error: (issue) => wrongType(issue.input, 'runOutcome', '"done" or null'),
    }),
  },
  'run',
  '{"replica": "A", "token": 7, "start": "02:00:31.000", "end": "02:03:40.000", "outcome": "done"}',
);
const pause = objectField(
  { replica: replicaName, from: timeField(), to: timeOrNull },
  'pause',
  '{"replica": "A", "from": "02:01:30.000", "to": "02:08:30.000"}',
);
const doubleApplied = objectField(
  { order, times: wholeNumberField(2, BIG, '2') },
  'orderAppliedTwice',
  '{"order": 1003, "times": 2}',
);

const report = objectField(
  {
    source: z.literal('lab', { error: (issue) => wrongType(issue.input, 'labSource', '"lab"') }),
    database: textField(500, 'databaseName', '"PostgreSQL 18.4 ..."'),
    scale: z.number({ error: (issue) => wrongType(issue.input, 'scale', '10') }).check(
      z.positive({
        error: toZodMessage({
          message: 'a scale is above zero (real milliseconds per simulated second)',
          detail: detail('scaleNotPositive'),
        }),
      }),
    ),
    worker: textField(2000, 'worker', '"built-in"'),
    safe: flagField(),
    /**
     * The lab's verdict (docs/lab.md): `incomplete` when a step of the acceptance test did not
     * happen, `no-pause` when nothing was paused; optional, as files written before it have none.
     */
    verdict: z.optional(oneOfField(['safe', 'unsafe', 'incomplete', 'no-pause'], 'labVerdict')),
    // The rest of the lab's report (docs/lab.md), kept as written and read by nothing here:
    // known fields, so that a file the lab wrote loads without a warning about them.
    file: z.optional(z.unknown()),
    violations: z.optional(z.unknown()),
    timings: z.optional(z.unknown()),
    // `--lock redis`: the Redis the lock was on and its failover's times (the failover is also an event).
    redis: z.optional(z.unknown()),
    // `--lock etcd`: the etcd the lock was on.
    etcd: z.optional(z.unknown()),
    acceptance: z.optional(z.unknown()),
    doubleApplied: listField(doubleApplied, 'ordersAppliedTwice', 0, ENTRIES_MAX),
    grants: listField(grant, 'grants', 0, ENTRIES_MAX),
    writes: listField(write, 'writes', 0, ENTRIES_MAX),
    runs: listField(run, 'runs', 0, ENTRIES_MAX),
    pauses: listField(pause, 'pauses', 0, 100),
  },
  'labReport',
  '{"source": "lab", "grants": [...], ...}',
);

const statementValue = z.union([z.string(), z.number(), z.null()], {
  error: (issue) => wrongType(issue.input, 'boundValue', '"2026-12-01", 7 or null'),
});
const statement = objectField(
  {
    replica: replicaName,
    sentAt: timeField(),
    at: timeField(),
    kind: textField(40, 'statementKind', '"acquire"'),
    sql: textField(4000, 'sqlStatement', '"SELECT ..."'),
    values: listField(statementValue, 'boundValues', 0, 50),
    rows: wholeNumberField(0, BIG, '1'),
    outcome: textField(40, 'outcome', '"granted"'),
  },
  'statement',
  '{"replica": "A", "kind": "acquire", "sql": "...", "values": [], "rows": 1, "outcome": "granted", ...}',
);

/** The lock services the lab runs on (`--lock`): ShedLock's row is PostgreSQL's. */
export const MEASURED_LOCK_SERVICES = ['postgresql', 'redis', 'etcd'] as const;
export type MeasuredLockService = (typeof MEASURED_LOCK_SERVICES)[number];

export const measuredSchema = objectField(
  {
    report,
    statements: listField(statement, 'statements', 0, ENTRIES_MAX),
    // Where the lock was (docs/measured-night.md); optional: files written before it say
    // nothing and were all measured on PostgreSQL.
    lockService: z.optional(oneOfField(MEASURED_LOCK_SERVICES, 'labLockService')),
    // `--failover` (Redis only): the lab killed the primary and promoted its replica.
    failover: z.optional(flagField()),
  },
  'measuredNight',
  '{"report": {...}, "statements": [...]}',
);

export type MeasuredNight = z.infer<typeof measuredSchema>;
export type MeasuredReport = MeasuredNight['report'];

/** The measured section of a loaded document, or null when it has none (it was validated on load). */
export function measuredOf(document: { readonly measured?: unknown }): MeasuredNight | null {
  if (document.measured === undefined) return null;
  const parsed = measuredSchema.safeParse(document.measured);
  return parsed.success ? parsed.data : null;
}

/** Where the measured night's lock was: PostgreSQL unless the file says otherwise. Pure. */
export function measuredLockOf(measured: MeasuredNight): { service: MeasuredLockService; failover: boolean } {
  const service = measured.lockService ?? 'postgresql';
  return { service, failover: service === 'redis' && measured.failover === true };
}

/** A validated time of night in ms (0 only for text that never passed validation). */
export function measuredTimeMs(text: string): number {
  const parsed = parseTimeOfNightMs(text);
  return parsed.ok ? parsed.value : 0;
}
