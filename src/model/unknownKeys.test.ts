import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from './eventSchema';
import { loadScenarioText, loadScenarioValue } from './loadScenario';
import { LOCK_KINDS } from './lockSchema';
import { type Migration, migrateScenario } from './migrations';
import { findUnknownKeys, UNKNOWN_KEYS_MAX } from './unknownKeys';

const HEADER = { format: 'leaseline/scenario', version: 1 };
const messagesOf = (document: object) => findUnknownKeys({ ...HEADER, ...document }).map((key) => key.message);

describe('findUnknownKeys', () => {
  it('says nothing of a file that uses only fields of the format', () => {
    const document = {
      ...HEADER,
      title: 'Paused holder',
      window: { from: '02:00:00', to: '02:12:00' },
      replicas: [{ id: 'A', host: 'orders-0', clock: { offset: '1s', driftPpm: 5 }, trigger: { at: '02:00:00' } }],
      job: { kind: 'reconcile', items: [{ order: 1001, amount: '5.00' }], skipIfDone: true },
      lock: { kind: 'redis', ttl: '30s', replica: { lag: '1s', promoteAfter: '5s' } },
      storage: { fencing: 'job', lastToken: 6 },
      events: [{ id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: 'GC pause' }],
    };
    expect(findUnknownKeys(document)).toEqual([]);
  });

  it('names the path and the key meant at every level of the file', () => {
    expect(
      messagesOf({
        titel: 'x',
        window: { form: '02:00:00' },
        replicas: [{ id: 'A' }, { id: 'B', clock: { ofset: '1s' }, trigger: { evry: '60s' }, holdercheck: true }],
        job: { skipIfdone: true, items: [{ order: 1, amount: '1.00', amout: '2.00' }] },
        lock: { kind: 'redis', replica: { lagg: '1s' } },
        storage: { fencng: 'job' },
        events: [{ type: 'pause', replica: 'A', at: '02:01:30', fr: '6m' }],
      }),
    ).toEqual([
      'titel is not a field of a scenario file; did you mean title?',
      'window.form is not a field of a window; did you mean from?',
      'replicas[1].clock.ofset is not a field of a clock; did you mean offset?',
      'replicas[1].trigger.evry is not a field of a trigger; did you mean every?',
      'replicas[1].holdercheck is not a field of a replica; did you mean holderCheck?',
      'job.skipIfdone is not a field of a job; did you mean skipIfDone?',
      'job.items[0].amout is not a field of an item; did you mean amount?',
      'lock.replica.lagg is not a field of a Redis replica; did you mean lag?',
      'storage.fencng is not a field of the storage settings; did you mean fencing?',
      'events[0].fr is not a field of a pause event; did you mean for?',
    ]);
  });

  it('says the key changes nothing when no field is near, and quotes odd keys', () => {
    expect(messagesOf({ 'my note': 'hi', lock: { colour: 'red' } })).toEqual([
      '["my note"] is not a field of a scenario file; it is kept, but changes nothing',
      'lock.colour is not a field of a shedlock lock; it is kept, but changes nothing',
    ]);
  });

  it('reads the fields of the lock kind written, and ShedLock when none is', () => {
    expect(messagesOf({ lock: { lockAtMostFr: '5m' } })).toEqual([
      'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?',
    ]);
    // A field of another kind is not one of this kind.
    expect(messagesOf({ lock: { kind: 'redis', lockAtMostFor: '5m' } })).toEqual([
      'lock.lockAtMostFor is not a field of a redis lock; it is kept, but changes nothing',
    ]);
    const owners = LOCK_KINDS.map((kind) => messagesOf({ lock: { kind, zzzzzz: 1 } })[0]);
    expect(owners).toEqual([
      'lock.zzzzzz is not a field of a lock of kind none; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of a shedlock lock; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of a lease lock; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of a redis lock; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of an etcd lock; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of a zookeeper lock; it is kept, but changes nothing',
      'lock.zzzzzz is not a field of an advisory lock; it is kept, but changes nothing',
    ]);
  });

  it('names every event type', () => {
    const owners = EVENT_TYPES.map((type) => messagesOf({ events: [{ type, zzzzzz: 1 }] })[0]);
    const article = (type: string) => (/^[aeiou]/.test(type) ? 'an' : 'a');
    expect(owners).toEqual(
      EVENT_TYPES.map(
        (type) => `events[0].zzzzzz is not a field of ${article(type)} ${type} event; it is kept, but changes nothing`,
      ),
    );
  });

  it('looks into the measured night and the hand-in fields too', () => {
    expect(messagesOf({ studnet: 'Alice', measured: { report: { saf: true }, statements: [] } })).toEqual([
      'studnet is not a field of a scenario file; did you mean student?',
      'measured.report.saf is not a field of a lab report; did you mean safe?',
    ]);
  });

  it('passes over values of the wrong type and events or locks of no known type', () => {
    expect(
      messagesOf({
        window: 'all night',
        replicas: {},
        lock: { kind: 'mutex', ttl: '1s' },
        events: [{ type: 'nap', fr: 1 }, 7],
      }),
    ).toEqual([]);
  });

  it(`names at most ${UNKNOWN_KEYS_MAX} keys and counts the rest`, () => {
    const many = Object.fromEntries(Array.from({ length: UNKNOWN_KEYS_MAX + 7 }, (_, i) => [`x-${i}`, i]));
    const found = findUnknownKeys({ ...HEADER, ...many });
    expect(found).toHaveLength(UNKNOWN_KEYS_MAX + 1);
    expect(found.at(-1)).toMatchObject({ path: [], meant: null, message: 'and 7 more keys that are not fields' });
  });

  it('carries the key meant and the data the app translates', () => {
    expect(findUnknownKeys({ ...HEADER, lock: { lockAtMostFr: '5m' } })).toEqual([
      {
        path: ['lock', 'lockAtMostFr'],
        meant: 'lockAtMostFor',
        message: 'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?',
        detail: {
          code: 'unknownFieldMeant',
          values: { path: 'lock.lockAtMostFr', owner: { term: 'lockShedlock' }, meant: 'lockAtMostFor' },
        },
      },
    ]);
  });
});

describe('loading warns about keys that are not fields', () => {
  const typo = { ...HEADER, lock: { lockAtMostFr: '5m' } };

  it('beside a valid night, which is the night without the key', () => {
    const loaded = loadScenarioValue(typo, 's07.json');
    const plain = loadScenarioValue(HEADER, 's07.json');
    if (!loaded.ok || !plain.ok) throw new Error('both load');
    expect(loaded.warnings).toEqual([
      {
        source: 's07.json',
        path: 'lock.lockAtMostFr',
        message: 'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?',
        meant: 'lockAtMostFor',
        detail: expect.objectContaining({ code: 'unknownFieldMeant' }),
      },
    ]);
    expect(loaded.scenario).toEqual(plain.scenario);
    expect(loaded.document).toEqual(typo);
    expect(plain.warnings).toEqual([]);
  });

  it('beside the errors of an invalid file, where the misspelling explains a missing field', () => {
    const loaded = loadScenarioText(
      JSON.stringify({ ...HEADER, events: [{ type: 'pause', replica: 'A', at: '02:00:00', fr: '6m' }] }),
      'bad.json',
    );
    expect(loaded.ok).toBe(false);
    expect(loaded.warnings.map((warning) => [warning.path, warning.meant])).toEqual([['events[0].fr', 'for']]);
  });

  it('not before the header is read: a file of another format is not a misspelt scenario', () => {
    expect(loadScenarioValue({ format: 'other', colour: 1 }, 'x.json').warnings).toEqual([]);
    expect(loadScenarioText('{', 'x.json').warnings).toEqual([]);
  });

  it('on the migrated document, so a key an older version had is not a warning once migrated', () => {
    // A version 0 that spelt the lease `lockAtMost`: its migration renames it.
    const chain: Migration[] = [
      {
        from: 0,
        to: 1,
        migrate: ({ lock, ...rest }) => {
          const { lockAtMost, ...fields } = lock as Record<string, unknown>;
          return { ...rest, lock: { ...fields, lockAtMostFor: lockAtMost } };
        },
      },
    ];
    const old = { format: 'leaseline/scenario', version: 0, lock: { lockAtMost: '5m' } };
    expect(findUnknownKeys(old).map((key) => key.path)).toEqual([['lock', 'lockAtMost']]);
    const migrated = migrateScenario(old, chain, 1);
    if (!migrated.ok) throw new Error('migrates');
    expect(findUnknownKeys(migrated.document)).toEqual([]);
  });
});
