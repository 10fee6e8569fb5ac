import { describe, expect, it } from 'vitest';
import {
  buildEx04HandIn,
  buildEx05HandIn,
  buildEx06HandIn,
  buildLabHandIn,
  buildWrittenHandIn,
  handInFileName,
} from './buildHandIn';
import { isCalendarDate } from './handInFileSchema';
import { migrateHandIn } from './handInMigrations';
import { loadHandInFileText, loadHandInFileValue } from './loadHandInFile';

const author = { student: 'Alice Martin', date: '2026-12-05' };
const base = { format: 'leaseline/hand-in', version: 1, student: 'Alice Martin', date: '2026-12-05' };

describe('loadHandInFileValue', () => {
  it('reads each exercise its builder writes, unchanged', () => {
    const built = [
      buildWrittenHandIn('ex01', author, 'Reconciliation needs one runner.'),
      buildWrittenHandIn('ex02', author, 'The leader renews its lease.'),
      buildEx04HandIn(author, 'UPDATE state SET last_token = $1 WHERE id = $2 AND last_token <= $1'),
      buildEx05HandIn(author, { lockAtMostFor: '30m', lockAtLeastFor: '2m', text: 'Above the worst case.' }),
      buildEx06HandIn(author, 'Make payouts idempotent.', { format: 'leaseline/scenario', version: 1 }),
      buildLabHandIn(author, 'worker', 'node worker.mjs'),
    ];
    for (const result of built) {
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const loaded = loadHandInFileText(result.text, result.fileName);
      expect(loaded.ok).toBe(true);
      if (loaded.ok) expect(loaded.document).toEqual(result.document);
    }
  });

  it('names the file <exercise>-<name>-<date>.json, accents dropped and odd characters joined', () => {
    expect(handInFileName('ex04', 'Zoë  O’Brien', '2026-12-05')).toBe('ex04-zoe-o-brien-2026-12-05.json');
    expect(handInFileName('lab1', '../../etc', '2026-12-05')).toBe('lab1-etc-2026-12-05.json');
    expect(handInFileName('ex01', '李', '2026-12-05')).toBe('ex01-student-2026-12-05.json');
  });

  it('refuses what the builder is given wrong, by JSON path', () => {
    const result = buildEx05HandIn(author, { lockAtMostFor: '30 minutes', lockAtLeastFor: '-1m', text: 'x' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
      'answer.lockAtMostFor: "30 minutes" is not a duration; write e.g. "60s"',
      'answer.lockAtLeastFor: "-1m" cannot be negative',
    ]);
    const empty = buildWrittenHandIn('ex01', { student: '  ', date: '2026-02-30' }, '');
    // The builder adds the answer's problems to the header's, so the form shows them together.
    expect(empty.ok ? [] : empty.errors.map((error) => error.path)).toEqual(['student', 'date', 'answer.text']);
    const noName = buildEx04HandIn({ student: '', date: '2026-12-05' }, ' ');
    expect(noName.ok ? [] : noName.errors.map((error) => error.path)).toEqual(['student', 'answer.sql']);
  });

  it('checks the header before any field, as scenario files do', () => {
    expect(loadHandInFileValue({ ...base, version: 2, exercise: 'ex01', answer: {} }, 'a.json')).toMatchObject({
      ok: false,
      errors: [{ source: 'a.json', path: 'version', message: expect.stringContaining('newer Leaseline (version 2)') }],
    });
    expect(loadHandInFileValue({ format: 'leaseline/scenario', version: 1 }, 'a.json')).toMatchObject({
      ok: false,
      errors: [{ path: 'format', message: expect.stringContaining('EX03 only') }],
    });
    expect(loadHandInFileText('{"format": ', 'a.json')).toMatchObject({
      ok: false,
      errors: [{ path: '$', message: expect.stringMatching(/^not valid JSON: line 1/) }],
    });
    expect(loadHandInFileValue({ ...base, exercise: 'ex03', answer: {} }, 'a.json')).toMatchObject({
      ok: false,
      errors: [{ path: 'exercise', message: expect.stringContaining('"ex03" is not an exercise') }],
    });
  });

  it('warns about keys that are not fields, with the key meant, and still loads', () => {
    const loaded = loadHandInFileValue(
      {
        ...base,
        exercise: 'ex05',
        answer: { lockAtMostFor: '30m', lockAtLeastFor: '2m', text: 'x', lockAtLeastFr: '9m' },
        studnet: 'x',
      },
      'a.json',
    );
    expect(loaded.ok).toBe(true);
    expect(loaded.warnings.map((warning) => warning.message)).toEqual([
      'studnet is not a field of a hand-in file; did you mean student?',
      'answer.lockAtLeastFr is not a field of an EX05 answer; did you mean lockAtLeastFor?',
    ]);
  });

  it('checks an EX06 night as a scenario file, under answer.night', () => {
    const loaded = loadHandInFileValue(
      {
        ...base,
        exercise: 'ex06',
        answer: {
          text: 'x',
          night: { format: 'leaseline/scenario', version: 1, lock: { kind: 'redis', ttl: 'soon' } },
        },
      },
      'a.json',
    );
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.errors[0]).toMatchObject({ path: 'answer.night.lock.ttl' });
  });

  it('refuses text past its cap, not by cutting it', () => {
    const loaded = loadHandInFileValue({ ...base, exercise: 'ex04', answer: { sql: 'x'.repeat(4001) } }, 'a.json');
    expect(loaded.ok ? null : loaded.errors[0]?.message).toBe('4001 characters; at most 4000');
  });
});

describe('migrateHandIn', () => {
  it('runs a numbered chain up to the current version', () => {
    const chain = [{ from: 1, to: 2, migrate: (document: Record<string, unknown>) => ({ ...document, moved: true }) }];
    expect(migrateHandIn({ format: 'leaseline/hand-in', version: 1 }, chain, 2)).toEqual({
      ok: true,
      document: { format: 'leaseline/hand-in', version: 2, moved: true },
    });
  });
});

describe('isCalendarDate', () => {
  it('knows leap years', () => {
    expect(['2028-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['2026-02-29', '1900-02-29', '2026-13-01', '2026-1-1'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
