import { describe, expect, it } from 'vitest';
import { loadScenarioText, loadScenarioValue, SCENARIO_TEXT_CHARS_MAX } from './loadScenario';
import { resolveScenario } from './resolveScenario';
import { formatScenarioError } from './scenarioError';
import { serializeScenario } from './serializeScenario';

function errorsOfText(text: string): string[] {
  const result = loadScenarioText(text, 's07.json');
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

const HEADER = '"format": "leaseline/scenario", "version": 1';

describe('loadScenarioText', () => {
  it('loads the example of docs/scenario-format.md', () => {
    const text = `{
      ${HEADER},
      "title": "Paused holder: token 7 against token 8",
      "window": { "from": "02:00:00", "to": "02:12:00" },
      "lock": { "kind": "shedlock", "lockAtMostFor": "5m", "lockAtLeastFor": "0s", "time": "db", "token": true },
      "storage": { "fencing": "job", "fenceOnAcquire": true, "uniqueKey": false, "lastToken": 6 },
      "events": [{ "id": "p1", "type": "pause", "replica": "A", "at": "02:01:30", "for": "6m", "label": "GC pause" }]
    }`;
    const result = loadScenarioText(text, 's07.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.scenario.windowToMs).toBe(7_920_000); // 02:12:00
    expect(result.scenario.events).toEqual([
      { index: 0, id: 'p1', label: 'GC pause', type: 'pause', replica: 'A', atMs: 7_290_000, forMs: 360_000 },
    ]);
  });

  it('says where the JSON breaks, by line and column', () => {
    expect(errorsOfText(`{\n  ${HEADER},\n  "title": x\n}`)).toEqual([
      's07.json: not valid JSON: line 3, column 12: expected a value, found "x"',
    ]);
    expect(errorsOfText('{\n  "version": 1,\n}')).toEqual([
      's07.json: not valid JSON: line 3, column 1: a comma before "}"; JSON allows no trailing comma',
    ]);
    expect(errorsOfText('')).toEqual(['s07.json: the file is empty; a scenario file is a JSON object']);
  });

  it('refuses text over 1 MiB before parsing it', () => {
    const text = `{ ${HEADER}, "title": "${'x'.repeat(SCENARIO_TEXT_CHARS_MAX)}" }`;
    expect(errorsOfText(text)).toEqual([
      `s07.json: the file has ${text.length} characters; a scenario file is at most 1048576 (1 MiB)`,
    ]);
  });

  it('accepts a byte order mark', () => {
    expect(loadScenarioText(`\uFEFF{ ${HEADER} }`, 's07.json').ok).toBe(true);
  });

  it('refuses values JSON cannot keep, and absurd nesting', () => {
    expect(errorsOfText(`{ ${HEADER}, "x": 1e999 }`)).toEqual(['s07.json: x: Infinity is not a number JSON can store']);
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(errorsOfText(`{ ${HEADER}, "x": ${deep} }`)).toEqual([
      `s07.json: x${'[0]'.repeat(64)}: nested more than 64 levels deep`,
    ]);
  });
});

describe('unknown keys', () => {
  const text = `{
  "format": "leaseline/scenario",
  "x-course": {
    "week": 3,
    "tags": [
      "fencing"
    ]
  },
  "version": 1,
  "replicas": [
    {
      "id": "A",
      "x-note": "the slow one",
      "trigger": {
        "at": "02:00:00",
        "jitter": "5s"
      }
    }
  ],
  "lock": {
    "kind": "redis",
    "redlock": {
      "masters": 5
    }
  },
  "events": [
    {
      "type": "crash",
      "replica": "A",
      "at": "02:01:00",
      "severity": "high"
    }
  ],
  "zz": null
}
`;

  it('are kept at every level, in place, through load and save', () => {
    const result = loadScenarioText(text, 's07.json');
    expect(result.ok).toBe(true);
    if (result.ok) expect(serializeScenario(result.document)).toBe(text);
  });

  it('never change the result', () => {
    const withUnknown = loadScenarioText(text, 'a.json');
    const stripped = JSON.parse(text);
    delete stripped['x-course'];
    delete stripped.zz;
    delete stripped.replicas[0]['x-note'];
    delete stripped.replicas[0].trigger.jitter;
    delete stripped.lock.redlock;
    delete stripped.events[0].severity;
    const without = loadScenarioValue(stripped, 'b.json');
    expect(withUnknown.ok && without.ok && withUnknown.scenario).toEqual(without.ok && without.scenario);
  });
});

describe('loadScenarioValue', () => {
  it('copies the input, so later edits to it change nothing', () => {
    const value = { format: 'leaseline/scenario', version: 1, title: 'before' };
    const result = loadScenarioValue(value, 'app');
    value.title = 'after';
    expect(result.ok && result.document.title).toBe('before');
  });

  it('keeps a "__proto__" key as data', () => {
    const result = loadScenarioText(`{ ${HEADER}, "__proto__": { "polluted": true } }`, 's07.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.document)).toBe(Object.prototype);
    expect(serializeScenario(result.document)).toContain('"__proto__"');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('refuses what is not plain JSON data, naming where', () => {
    const errorsOf = (value: unknown) => {
      const result = loadScenarioValue(value, 'app');
      return result.ok ? [] : result.errors.map(formatScenarioError);
    };
    const base = { format: 'leaseline/scenario', version: 1 };
    expect(errorsOf({ ...base, events: [undefined] })).toEqual(['app: events[0]: undefined is not JSON data']);
    expect(errorsOf({ ...base, title: () => 'x' })).toEqual(['app: title: a function is not JSON data']);
    expect(errorsOf({ ...base, when: new Map() })).toEqual([
      'app: when: an object that is not plain data (a Date, Map or class instance?) is not JSON data',
    ]);
    const cyclic: Record<string, unknown> = { ...base };
    cyclic.self = cyclic;
    expect(errorsOf(cyclic)[0]).toMatch(/^app: self\.self.*: nested more than 64 levels deep$/);
    // Properties that are undefined are dropped, as JSON.stringify drops them.
    expect(errorsOf({ ...base, title: undefined })).toEqual([]);
  });

  it('gives the same scenario as resolving the returned document', () => {
    const result = loadScenarioValue({ format: 'leaseline/scenario', version: 1, title: 't' }, 'app');
    expect(result.ok && resolveScenario(result.document)).toEqual(result.ok && result.scenario);
  });
});
