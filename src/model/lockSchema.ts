/** The `lock` object of a scenario: one shape per `kind`, missing `kind` meaning `shedlock`. */
import './zodConfig';
import * as z from 'zod/mini';
import { ownedBy } from './fieldOwners';
import { durationField, flagField, notOneOf, objectField, oneOfField, wrongType } from './fieldSchemas';
import type { LockKind } from './resolvedScenario';

/** Every lock kind of format version 1, in the order docs/scenario-format.md lists them. */
export const LOCK_KINDS = [
  'none',
  'shedlock',
  'lease',
  'redis',
  'etcd',
  'zookeeper',
  'advisory',
] as const satisfies readonly LockKind[];

const none = ownedBy(z.looseObject({ kind: z.literal('none') }), 'lockNone');

// `kind` may be left out: the standard night uses ShedLock.
const shedlock = ownedBy(
  z.looseObject({
    kind: z.optional(z.literal('shedlock')),
    lockAtMostFor: z.optional(durationField('positive')),
    lockAtLeastFor: z.optional(durationField('nonNegative')),
    time: z.optional(oneOfField(['db', 'app'], 'timeSource')),
    token: z.optional(flagField()),
    tokenMint: z.optional(oneOfField(['grant', 'afterLoad'], 'tokenMint')),
    keepAlive: z.optional(flagField()),
  }),
  'lockShedlock',
);

const lease = ownedBy(
  z.looseObject({
    kind: z.literal('lease'),
    leaseDuration: z.optional(durationField('positive')),
    renewDeadline: z.optional(durationField('positive')),
    retryPeriod: z.optional(durationField('positive')),
    token: z.optional(flagField()),
  }),
  'lockLease',
);

const redisReplica = objectField(
  { lag: z.optional(durationField('nonNegative')), promoteAfter: z.optional(durationField('nonNegative')) },
  'redisReplica',
  '{"lag": "1s", "promoteAfter": "5s"}',
);

const redis = ownedBy(
  z.looseObject({
    kind: z.literal('redis'),
    ttl: z.optional(durationField('positive')),
    release: z.optional(oneOfField(['compareAndDelete', 'del'], 'releaseMode')),
    // null is accepted as "no replica", the same as leaving the key out.
    replica: z.optional(z.nullable(redisReplica)),
    token: z.optional(oneOfField(['none', 'incr', 'db'], 'redisTokenSource')),
  }),
  'lockRedis',
);

const consensusFields = {
  sessionTtl: z.optional(durationField('positive')),
  recheckAfterWait: z.optional(flagField()),
};
const etcd = ownedBy(z.looseObject({ kind: z.literal('etcd'), ...consensusFields }), 'lockEtcd');
const zookeeper = ownedBy(z.looseObject({ kind: z.literal('zookeeper'), ...consensusFields }), 'lockZookeeper');
const advisory = ownedBy(z.looseObject({ kind: z.literal('advisory') }), 'lockAdvisory');

/** The `lock` field. */
export const lockSchema = z.discriminatedUnion('kind', [none, shedlock, lease, redis, etcd, zookeeper, advisory], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? notOneOf(kindOf(issue.input), 'lockKind', LOCK_KINDS)
      : wrongType(issue.input, 'lock', '{"kind": "shedlock", "lockAtMostFor": "5m"}'),
});

function kindOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null ? (input as { kind?: unknown }).kind : undefined;
}
