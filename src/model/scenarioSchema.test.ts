import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from './loadScenario';
import { formatScenarioError } from './scenarioError';

const scenario = (fields: Record<string, unknown>) => ({ format: 'leaseline/scenario', version: 1, ...fields });

/** The printed errors of a value, as `leaseline check` shows them. */
function errorsOf(value: unknown): string[] {
  const result = loadScenarioValue(value, 's07.json');
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

describe('field errors name the path and say what to write', () => {
  it('explains a duration written in words', () => {
    const value = scenario({ replicas: [{}, { trigger: { every: '60 seconds' } }] });
    expect(errorsOf(value)).toEqual([
      's07.json: replicas[1].trigger.every: "60 seconds" is not a duration; write e.g. "60s"',
    ]);
  });

  it('explains values of the wrong JSON type', () => {
    const value = scenario({
      title: 7,
      window: '02:00',
      replicas: [{ trigger: { at: 5 }, holderCheck: 'yes', clock: { driftPpm: 1.5 } }],
      storage: { lastToken: '7', uniqueKey: 1 },
    });
    expect(errorsOf(value)).toEqual([
      's07.json: title: 7 is not a title; write e.g. "Paused holder"',
      's07.json: window: "02:00" is not a window; write e.g. {"from": "02:00:00", "to": "02:10:00"}',
      's07.json: replicas[0].trigger.at: 5 is not a time of night; write e.g. "02:01:30"',
      's07.json: replicas[0].holderCheck: "yes" is not true or false',
      's07.json: replicas[0].clock.driftPpm: 1.5 is not a whole number',
      's07.json: storage.lastToken: "7" is not a number; write e.g. 6',
      's07.json: storage.uniqueKey: 1 is not true or false',
    ]);
  });

  it('lists the allowed values of an unknown kind or type', () => {
    const value = scenario({
      job: { kind: 'payroll' },
      lock: { kind: 'mutex' },
      storage: { fencing: 'on' },
      events: [{ type: 'sleep' }, { at: '02:00:00' }],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: job.kind: "payroll" is not a job kind; use one of: reconcile, outbox, digest, cleanup',
      's07.json: lock.kind: "mutex" is not a lock kind; use one of: none, shedlock, lease, redis, etcd, zookeeper, advisory',
      's07.json: storage.fencing: "on" is not a fencing mode; use one of: off, job, row',
      's07.json: events[0].type: "sleep" is not an event type; use one of: pause, pauseBeforeWrite, crash, restart, clockJump, delayWrite, partition, starveRenewer, expireLock, redisFailover, killSession, trigger',
      's07.json: events[1].type: required, but missing; use one of: pause, pauseBeforeWrite, crash, restart, clockJump, delayWrite, partition, starveRenewer, expireLock, redisFailover, killSession, trigger',
    ]);
  });

  it('checks each lock kind against its own fields', () => {
    expect(errorsOf(scenario({ lock: { kind: 'lease', retryPeriod: '0s', token: 'yes' } }))).toEqual([
      's07.json: lock.retryPeriod: "0s" must be longer than zero',
      's07.json: lock.token: "yes" is not true or false',
    ]);
    expect(errorsOf(scenario({ lock: { kind: 'redis', token: true, replica: { lag: '-1s' } } }))).toEqual([
      's07.json: lock.token: true is not a Redis token source; use one of: none, incr, db',
      's07.json: lock.replica.lag: "-1s" cannot be negative',
    ]);
    expect(errorsOf(scenario({ lock: { lockAtMostFor: 'PT5M', time: 'wall' } }))).toEqual([
      's07.json: lock.time: "wall" is not a time source; use one of: db, app',
    ]);
  });

  it('names missing required event fields', () => {
    expect(errorsOf(scenario({ events: [{ type: 'pause', replica: 'A' }] }))).toEqual([
      's07.json: events[0].at: required, but missing',
      's07.json: events[0].for: required, but missing',
    ]);
  });

  it('refuses zero or negative spans of time where they make no sense', () => {
    const value = scenario({
      replicas: [{ trigger: { every: '0s', phase: '-5s' }, perItem: '-1s' }],
      events: [{ type: 'pause', replica: 'A', at: '02:00:00', for: 'PT0S' }],
    });
    expect(errorsOf(value)).toEqual([
      's07.json: replicas[0].trigger.every: "0s" must be longer than zero',
      's07.json: replicas[0].trigger.phase: "-5s" cannot be negative',
      's07.json: replicas[0].perItem: "-1s" cannot be negative',
      's07.json: events[0].for: "PT0S" must be longer than zero',
    ]);
  });

  it('allows negative clock offsets and clock jumps', () => {
    const value = scenario({
      replicas: [{ clock: { offset: '-3m', driftPpm: -200 } }],
      events: [{ type: 'clockJump', node: 'db', at: '02:01:00', by: '-90s' }],
    });
    expect(errorsOf(value)).toEqual([]);
  });

  it('checks replica ids', () => {
    expect(errorsOf(scenario({ replicas: [{ id: 'A B' }, { id: 'abcdefghijklm' }, { id: '' }] }))).toEqual([
      's07.json: replicas[0].id: "A B" is not a replica id; use 1-12 letters, digits, "_" or "-"',
      's07.json: replicas[1].id: 13 characters; a replica id has at most 12',
      's07.json: replicas[2].id: "" is not a replica id; use 1-12 letters, digits, "_" or "-"',
    ]);
  });
});

describe('limits', () => {
  it('allows 9 replicas and refuses 10', () => {
    const replicas = (count: number) => Array.from({ length: count }, () => ({}));
    expect(errorsOf(scenario({ replicas: replicas(9) }))).toEqual([]);
    expect(errorsOf(scenario({ replicas: replicas(10) }))).toEqual([
      's07.json: replicas: 10 replicas; a scenario has 1 to 9',
    ]);
    expect(errorsOf(scenario({ replicas: [] }))).toEqual(['s07.json: replicas: 0 replicas; a scenario has 1 to 9']);
  });

  it('allows 500 events and refuses 501', () => {
    const events = (count: number) =>
      Array.from({ length: count }, () => ({ type: 'trigger', replica: 'A', at: '02:00:00' }));
    expect(errorsOf(scenario({ events: events(500) }))).toEqual([]);
    expect(errorsOf(scenario({ events: events(501) }))).toEqual([
      's07.json: events: 501 events; a scenario has at most 500',
    ]);
  });

  it('allows a 120-character label and refuses 121, counting characters, not UTF-16 units', () => {
    const event = (label: string) => ({ type: 'expireLock', at: '02:03:00', label });
    expect(errorsOf(scenario({ events: [event('x'.repeat(120)), event('🔒'.repeat(120))] }))).toEqual([]);
    expect(errorsOf(scenario({ events: [event('x'.repeat(121))] }))).toEqual([
      's07.json: events[0].label: 121 characters; a label has at most 120',
    ]);
  });

  it('reports at most 50 problems and says how many more there were', () => {
    const events = Array.from({ length: 60 }, () => ({ type: 'expireLock', at: 'noon' }));
    const errors = errorsOf(scenario({ events }));
    expect(errors).toHaveLength(51);
    expect(errors[0]).toBe(
      's07.json: events[0].at: "noon" is not a time of night; write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"',
    );
    expect(errors[50]).toBe('s07.json: and 10 more problems not shown');
  });
});

describe('messages are always our own', () => {
  // Any JSON value dropped into any field must produce plain sentences, never zod's dump.
  const fields = ['title', 'window', 'replicas', 'job', 'lock', 'storage', 'events'];
  it('never shows zod default messages', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields), fc.jsonValue({ maxDepth: 3 }), (field, junk) => {
        for (const error of errorsOf(scenario({ [field]: junk }))) {
          expect(error).not.toMatch(/Invalid input|Too (big|small)|expected .* received|\n|at .*\.ts/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
