/** The `lock` object of a scenario: one shape per `kind`, missing `kind` meaning `shedlock`. */
import './zodConfig';
import { z } from 'zod';
import { durationField, flagField, notOneOf, objectField, oneOfField, wrongType } from './fieldSchemas';
import type { LockKind } from './resolvedScenario';

/** Every lock kind of format version 1, in the order FORMAT.md lists them. */
export const LOCK_KINDS = [
  'none',
  'shedlock',
  'lease',
  'redis',
  'etcd',
  'zookeeper',
  'advisory',
] as const satisfies readonly LockKind[];

const none = z.looseObject({ kind: z.literal('none') });

// `kind` may be left out: the standard night uses ShedLock.
const shedlock = z.looseObject({
  kind: z.literal('shedlock').optional(),
  lockAtMostFor: durationField('positive').optional(),
  lockAtLeastFor: durationField('nonNegative').optional(),
  time: oneOfField(['db', 'app'], 'a time source').optional(),
  token: flagField().optional(),
  tokenMint: oneOfField(['grant', 'afterLoad'], 'a token mint').optional(),
  keepAlive: flagField().optional(),
});

const lease = z.looseObject({
  kind: z.literal('lease'),
  leaseDuration: durationField('positive').optional(),
  renewDeadline: durationField('positive').optional(),
  retryPeriod: durationField('positive').optional(),
  token: flagField().optional(),
});

const redisReplica = objectField(
  { lag: durationField('nonNegative').optional(), promoteAfter: durationField('nonNegative').optional() },
  'a Redis replica',
  '{"lag": "1s", "promoteAfter": "5s"}',
);

const redis = z.looseObject({
  kind: z.literal('redis'),
  ttl: durationField('positive').optional(),
  release: oneOfField(['compareAndDelete', 'del'], 'a release mode').optional(),
  // null is accepted as "no replica", the same as leaving the key out.
  replica: redisReplica.nullable().optional(),
  token: oneOfField(['none', 'incr', 'db'], 'a Redis token source').optional(),
});

const consensusFields = {
  sessionTtl: durationField('positive').optional(),
  recheckAfterWait: flagField().optional(),
};
const etcd = z.looseObject({ kind: z.literal('etcd'), ...consensusFields });
const zookeeper = z.looseObject({ kind: z.literal('zookeeper'), ...consensusFields });
const advisory = z.looseObject({ kind: z.literal('advisory') });

/** The `lock` field. */
export const lockSchema = z.discriminatedUnion('kind', [none, shedlock, lease, redis, etcd, zookeeper, advisory], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? notOneOf(kindOf(issue.input), 'a lock kind', LOCK_KINDS)
      : wrongType(issue.input, 'a lock', '{"kind": "shedlock", "lockAtMostFor": "5m"}'),
});

function kindOf(input: unknown): unknown {
  return typeof input === 'object' && input !== null ? (input as { kind?: unknown }).kind : undefined;
}
