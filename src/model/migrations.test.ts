import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from './loadScenario';
import { CURRENT_VERSION, MIGRATIONS, type Migration, migrateScenario } from './migrations';
import { formatScenarioError } from './scenarioError';

// A made-up version 0 that called the lock `mutex`, to exercise the runner before any real
// migration exists.
const fakeChain: readonly Migration[] = [
  {
    from: 0,
    to: 1,
    migrate: ({ mutex, ...rest }) => (mutex === undefined ? rest : { ...rest, lock: mutex }),
  },
];

describe('migrateScenario', () => {
  it('has a well-formed shipped chain ending at the current version', () => {
    MIGRATIONS.forEach((step, i) => {
      expect(step.to).toBe(step.from + 1);
      if (i > 0) expect(step.from).toBe(MIGRATIONS[i - 1]?.to);
    });
    expect(MIGRATIONS.at(-1)?.to ?? CURRENT_VERSION).toBe(CURRENT_VERSION);
  });

  it('runs the chain, sets the version and keeps key order', () => {
    const input = { format: 'leaseline/scenario', version: 0, title: 't', mutex: { kind: 'none' } };
    const result = migrateScenario(input, fakeChain, 1);
    expect(result).toEqual({
      ok: true,
      document: { format: 'leaseline/scenario', version: 1, title: 't', lock: { kind: 'none' } },
    });
    expect(result.ok && Object.keys(result.document)).toEqual(['format', 'version', 'title', 'lock']);
    expect(input.version).toBe(0);
  });

  it('runs a chain of several steps in order', () => {
    const chain: Migration[] = [
      { from: 1, to: 2, migrate: (d) => ({ ...d, steps: ['1->2'] }) },
      { from: 2, to: 3, migrate: (d) => ({ ...d, steps: [...(d.steps as string[]), '2->3'] }) },
    ];
    expect(migrateScenario({ format: 'leaseline/scenario', version: 1 }, chain, 3)).toEqual({
      ok: true,
      document: { format: 'leaseline/scenario', version: 3, steps: ['1->2', '2->3'] },
    });
  });

  it('leaves a current document alone', () => {
    const document = { format: 'leaseline/scenario', version: 1 };
    expect(migrateScenario(document)).toEqual({ ok: true, document });
  });

  it('refuses a gap in the chain', () => {
    const chain: Migration[] = [{ from: 0, to: 1, migrate: (d) => d }];
    expect(migrateScenario({ format: 'leaseline/scenario', version: 0 }, chain, 2)).toEqual({
      ok: false,
      issues: [
        {
          path: ['version'],
          message: 'Leaseline cannot read version 1 files (no migration from it)',
          detail: { code: 'noMigration', values: { version: 1 } },
        },
      ],
    });
  });
});

describe('header errors', () => {
  const errorsOf = (value: unknown) => {
    const result = loadScenarioValue(value, 'old.json');
    return result.ok ? [] : result.errors.map(formatScenarioError);
  };

  it('explains a file from a newer Leaseline', () => {
    expect(errorsOf({ format: 'leaseline/scenario', version: 2 })).toEqual([
      'old.json: version: this file was written by a newer Leaseline (version 2); this one reads up to version 1',
    ]);
  });

  it('names the path of a missing or wrong format and version', () => {
    expect(errorsOf({ version: 1 })).toEqual([
      'old.json: format: required, but missing; a scenario file starts with "format": "leaseline/scenario"',
    ]);
    expect(errorsOf({ format: 'excalidraw', version: 1 })).toEqual([
      'old.json: format: "excalidraw" is not a Leaseline scenario; expected "leaseline/scenario"',
    ]);
    expect(errorsOf({ format: 'leaseline/scenario' })).toEqual([
      'old.json: version: required, but missing; write "version": 1',
    ]);
    expect(errorsOf({ format: 'leaseline/scenario', version: '1' })).toEqual([
      'old.json: version: "1" is not a scenario version; this Leaseline reads version 1',
    ]);
    expect(errorsOf({ format: 'leaseline/scenario', version: 0 })).toEqual([
      'old.json: version: 0 is not a scenario version; this Leaseline reads version 1',
    ]);
    expect(errorsOf({ format: 'leaseline/scenario', version: 1.5 })).toEqual([
      'old.json: version: 1.5 is not a scenario version; this Leaseline reads version 1',
    ]);
  });

  it('explains a file that is not an object', () => {
    expect(errorsOf([])).toEqual([
      'old.json: a scenario file is a JSON object {"format": "leaseline/scenario", ...}, not a list',
    ]);
    expect(errorsOf('hello')).toEqual([
      'old.json: a scenario file is a JSON object {"format": "leaseline/scenario", ...}, not "hello"',
    ]);
  });
});
