/**
 * fast-check arbitraries for scenario files: random nights with up to five replicas, clocks
 * that are off and drifting, polls, slow replicas, and a schedule of faults (pauses, crashes,
 * restarts, clock jumps, delayed writes, starved renewers, forced expiries, manual triggers).
 * They produce documents, so every property also runs the loader the app and CLI use.
 */
import fc from 'fast-check';

const MINUTE_MS = 60_000;
const WINDOW_FROM_MS = 2 * 60 * MINUTE_MS;

export const timeOfNight = (ms: number): string => {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${String(millis).padStart(3, '0')}`;
};

export const duration = (ms: number): string => `${ms}ms`;

const REPLICA_IDS = ['A', 'B', 'C', 'D', 'E'];

export interface ScenarioShape {
  readonly replicaCount: number;
  readonly windowMinutes: number;
  readonly document: Record<string, unknown>;
}

const clockArb = fc.record({
  offset: fc.oneof(fc.constant(0), fc.integer({ min: -180_000, max: 180_000 })),
  driftPpm: fc.oneof(fc.constant(0), fc.integer({ min: -500, max: 500 })),
});

const triggerArb = fc.record({
  atOffsetMs: fc.oneof(fc.constant(0), fc.integer({ min: -5000, max: 30_000 })),
  every: fc.option(fc.integer({ min: 10_000, max: 180_000 }), { nil: null }),
  phase: fc.integer({ min: 0, max: 59_000 }),
});

const replicaArb = (index: number) =>
  fc
    .record({
      clock: clockArb,
      trigger: triggerArb,
      perItem: fc.option(fc.integer({ min: 1000, max: 300_000 }), { nil: null }),
      holderCheck: fc.boolean(),
      onLockLost: fc.constantFrom('exit', 'cancel', 'continue'),
    })
    .map((r) => ({
      id: REPLICA_IDS[index],
      host: `orders-${index}`,
      clock: { offset: duration(r.clock.offset), driftPpm: r.clock.driftPpm },
      trigger: {
        at: timeOfNight(WINDOW_FROM_MS + r.trigger.atOffsetMs),
        ...(r.trigger.every === null ? {} : { every: duration(r.trigger.every), phase: duration(r.trigger.phase) }),
      },
      ...(r.perItem === null ? {} : { perItem: duration(r.perItem) }),
      holderCheck: r.holderCheck,
      onLockLost: r.onLockLost,
    }));

/** A lock: mostly ShedLock with every option, sometimes none or a PostgreSQL advisory lock. */
export const lockArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'advisory' }) },
  {
    weight: 1,
    arbitrary: fc
      .record({ kind: fc.constantFrom('etcd', 'zookeeper'), recheck: fc.boolean() })
      .map(({ kind, recheck }) => ({ kind, sessionTtl: '10s', recheckAfterWait: recheck })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'lease' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('none', 'incr', 'db').chain((token) => redisLockArb(token as 'none' | 'incr' | 'db')),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        atMost: fc.integer({ min: 10_000, max: 40 * MINUTE_MS }),
        atLeast: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 6 * MINUTE_MS })),
        time: fc.constantFrom('db', 'app'),
        token: fc.boolean(),
        tokenMint: fc.constantFrom('grant', 'afterLoad'),
        keepAlive: fc.boolean(),
      })
      .map((l) => ({
        kind: 'shedlock',
        lockAtMostFor: duration(l.atMost),
        lockAtLeastFor: duration(l.atLeast),
        time: l.time,
        token: l.token,
        tokenMint: l.tokenMint,
        keepAlive: l.keepAlive,
      })),
  },
);

export const storageArb = fc.record({
  fencing: fc.constantFrom('off', 'job', 'row'),
  fenceOnAcquire: fc.boolean(),
  uniqueKey: fc.boolean(),
  lastToken: fc.integer({ min: 0, max: 100 }),
});

const ORDERS = [1001, 1002, 1003, 1004, 1005];

/** One user event of a scenario file on `replicaCount` replicas over a `windowMs` window. */
export function eventArb(replicaCount: number, windowMs: number) {
  const replica = fc.constantFrom(...REPLICA_IDS.slice(0, replicaCount));
  const at = fc.integer({ min: WINDOW_FROM_MS, max: WINDOW_FROM_MS + windowMs }).map(timeOfNight);
  const span = fc.integer({ min: 1, max: 10 * MINUTE_MS });
  const order = fc.constantFrom(...ORDERS);
  // A span event on one replica: starved renewer or partition.
  const spanOf = (type: 'starveRenewer' | 'partition') =>
    fc
      .record({ replica, from: fc.integer({ min: WINDOW_FROM_MS, max: WINDOW_FROM_MS + windowMs }), length: span })
      .map((s) => ({ type, replica: s.replica, from: timeOfNight(s.from), to: timeOfNight(s.from + s.length) }));
  return fc.oneof(
    { weight: 4, arbitrary: fc.record({ type: fc.constant('pause'), replica, at, for: span.map(duration) }) },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('pauseBeforeWrite'), replica, order, for: span.map(duration) }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('crash'), replica, at }) },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('restart'), replica, at }) },
    {
      weight: 2,
      arbitrary: fc.record({
        type: fc.constant('clockJump'),
        node: fc.constantFrom('db', ...REPLICA_IDS.slice(0, replicaCount)),
        at,
        by: fc.integer({ min: -5 * MINUTE_MS, max: 5 * MINUTE_MS }).map(duration),
      }),
    },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('delayWrite'), replica, order, by: span.map(duration) }) },
    { weight: 1, arbitrary: spanOf('starveRenewer') },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('expireLock'), at }) },
    { weight: 1, arbitrary: spanOf('partition') },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('trigger'), replica, at }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('killSession'), replica, at }) },
  );
}

/** A whole scenario file; `lock` and `storage` can be pinned by the property. */
export function scenarioArb(
  options: { lock?: fc.Arbitrary<object>; storage?: fc.Arbitrary<object>; extraEvents?: fc.Arbitrary<object[]> } = {},
) {
  return fc
    .record({ replicaCount: fc.integer({ min: 1, max: 5 }), windowMinutes: fc.integer({ min: 5, max: 40 }) })
    .chain(({ replicaCount, windowMinutes }) => {
      const windowMs = windowMinutes * MINUTE_MS;
      return fc
        .record({
          replicas: fc.tuple(...Array.from({ length: replicaCount }, (_, index) => replicaArb(index))),
          job: fc.record({
            load: fc.integer({ min: 0, max: 30_000 }).map(duration),
            perItem: fc.integer({ min: 1000, max: 90_000 }).map(duration),
            markDone: fc.integer({ min: 0, max: 20_000 }).map(duration),
            skipIfDone: fc.boolean(),
          }),
          lock: options.lock ?? lockArb,
          storage: options.storage ?? storageArb,
          events: fc
            .tuple(
              fc.array(eventArb(replicaCount, windowMs), { maxLength: 12 }),
              options.extraEvents ?? fc.constant([]),
            )
            .map(([events, extra]) => [...events, ...extra]),
        })
        .map(
          (parts): ScenarioShape => ({
            replicaCount,
            windowMinutes,
            document: {
              format: 'leaseline/scenario',
              version: 1,
              title: 'generated',
              window: { from: timeOfNight(WINDOW_FROM_MS), to: timeOfNight(WINDOW_FROM_MS + windowMs) },
              replicas: parts.replicas,
              job: { kind: 'reconcile', ...parts.job },
              lock: parts.lock,
              storage: parts.storage,
              events: parts.events,
            },
          }),
        );
    });
}

/** A Redis lock with a replica (lag up to 2 s, promotion after up to 10 s) and a token source. */
export function redisLockArb(token: 'none' | 'incr' | 'db') {
  return fc
    .record({
      ttl: fc.integer({ min: 10_000, max: 30 * MINUTE_MS }),
      lag: fc.integer({ min: 0, max: 2000 }),
      promote: fc.integer({ min: 0, max: 10_000 }),
    })
    .map((r) => ({
      kind: 'redis',
      ttl: duration(r.ttl),
      release: 'compareAndDelete',
      replica: { lag: duration(r.lag), promoteAfter: duration(r.promote) },
      token,
    }));
}

/** Up to two Redis failovers and a Redis clock jump, somewhere in the first 20 minutes. */
export const redisEventsArb = fc.array(
  fc.oneof(
    fc
      .integer({ min: WINDOW_FROM_MS, max: WINDOW_FROM_MS + 20 * MINUTE_MS })
      .map((ms) => ({ type: 'redisFailover', at: timeOfNight(ms) })),
    fc
      .record({
        ms: fc.integer({ min: WINDOW_FROM_MS, max: WINDOW_FROM_MS + 20 * MINUTE_MS }),
        by: fc.integer({ min: -5 * MINUTE_MS, max: 5 * MINUTE_MS }),
      })
      .map(({ ms, by }) => ({ type: 'clockJump', node: 'redis', at: timeOfNight(ms), by: duration(by) })),
  ),
  { maxLength: 3 },
);
