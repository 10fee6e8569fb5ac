/**
 * The Arabic interface is complete: every English key of every namespace (the `translation`
 * files, the timeline's words, the presets' titles, stories and event labels) has Arabic with
 * the same variables and nestings, every English plural has Arabic's six forms, and nothing is
 * left in English. The rules are in scripts/translationGaps.ts; `npx tsx scripts/i18n-missing.ts`
 * lists the same gaps for translating.
 *
 * The files are found by name (`en*.json` beside `ar*.json`), so a new `en.<part>.json` needs
 * its `ar.<part>.json` before this passes.
 */
import { describe, expect, it } from 'vitest';
import {
  ARABIC_PLURAL_FORMS,
  flattenResource,
  onlyKeptLatin,
  placeholdersOf,
  presetWords,
  translationGaps,
} from '../../../scripts/translationGaps';
import { PRESETS } from '../../presets/catalogue';
import { TIMELINE_MESSAGES_EN } from '../../timeline/describeDefaults';

/** Arabic written before its English has landed (scripts/i18n-merge-pending.ts moves it in). */
type Pending = Record<string, Record<string, { readonly en: string; readonly ar: string }>>;
const pendingFiles = import.meta.glob<Pending>('./pending/*.json', { eager: true, import: 'default' });

const englishFiles = import.meta.glob<Record<string, unknown>>('./en*.json', { eager: true, import: 'default' });
const arabicFiles = import.meta.glob<Record<string, unknown>>('./ar*.json', { eager: true, import: 'default' });

/** The Arabic files whose English is not an `en*.json` of the same part. */
const ARABIC_OF_OTHER_SOURCES = ['./ar.timeline.json', './ar.presets.json'];

const arabicTwin = (englishPath: string) => englishPath.replace('./en', './ar');

function arabicFile(path: string): Record<string, unknown> {
  const file = arabicFiles[path];
  if (file === undefined) throw new Error(`${path} is missing`);
  return file;
}

describe('Arabic translation resources', () => {
  it('has an Arabic file for every English file, and no other', () => {
    const expected = [...Object.keys(englishFiles).map(arabicTwin), ...ARABIC_OF_OTHER_SOURCES].sort();
    expect(Object.keys(arabicFiles).sort()).toEqual(expected);
    // Sanity: the glob found the files index.ts merges (en.json, en.panels.json...).
    expect(Object.keys(englishFiles)).toContain('./en.json');
    expect(Object.keys(englishFiles).length).toBeGreaterThanOrEqual(7);
  });

  for (const englishPath of Object.keys(englishFiles).sort()) {
    const arabicPath = arabicTwin(englishPath);
    it(`${arabicPath} has every key of ${englishPath}, fully translated`, () => {
      const english = flattenResource(englishFiles[englishPath]);
      expect(Object.keys(english).length).toBeGreaterThan(0);
      expect(translationGaps(english, flattenResource(arabicFile(arabicPath)))).toEqual([]);
    });

    it(`${arabicPath} has the same top-level keys as ${englishPath} (the files merge into one namespace)`, () => {
      expect(Object.keys(arabicFile(arabicPath)).sort()).toEqual(Object.keys(englishFiles[englishPath] ?? {}).sort());
    });
  }

  it('ar.timeline.json has every key of the timeline namespace, fully translated', () => {
    // Flat dotted keys, as the namespace holds them (keySeparator: false): no flattening.
    const arabic = arabicFile('./ar.timeline.json') as Record<string, string>;
    expect(Object.values(arabic).every((value) => typeof value === 'string')).toBe(true);
    expect(translationGaps(TIMELINE_MESSAGES_EN, arabic)).toEqual([]);
  });

  it('ar.presets.json has the title, the story and the event labels of every catalogue preset', () => {
    const english = presetWords(PRESETS);
    expect(Object.keys(english)).toHaveLength(
      PRESETS.length * 2 + Object.keys(english).filter((key) => key.includes('.labels.')).length,
    );
    expect(translationGaps(english, flattenResource(arabicFile('./ar.presets.json')))).toEqual([]);
  });
});

// Pending Arabic exists only while its English is on another line of work; once it has all
// moved in (scripts/i18n-merge-pending.ts deletes the file) there is nothing to check here.
describe.skipIf(Object.keys(pendingFiles).length === 0)('Arabic waiting for its English', () => {
  for (const [path, pending] of Object.entries(pendingFiles)) {
    for (const [arabicName, entries] of Object.entries(pending)) {
      it(`${path}: the Arabic for ${arabicName} keeps the rules against the English it was written from`, () => {
        const english = Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, entry.en]));
        const arabic = Object.fromEntries(Object.entries(entries).map(([key, entry]) => [key, entry.ar]));
        expect(translationGaps(english, arabic)).toEqual([]);
      });
    }
  }
});

describe('the completeness rules', () => {
  it('finds a missing key, an empty value, changed variables and an English copy', () => {
    const english = { a: 'Lock', b: 'Token {{token}}', c: 'by {{replica}}', d: 'Replica {{replica}} stops' };
    const arabic = { b: 'الرمز {{tokens}}', c: ' ', d: 'Replica {{replica}} stops' };
    expect(translationGaps(english, arabic).map((gap) => `${gap.key}:${gap.problem}`)).toEqual([
      'a:missing',
      'b:variables',
      'c:empty',
      'd:untranslated',
    ]);
  });

  it('asks for all six Arabic forms of an English plural, each keeping the other variables', () => {
    const english = { rows_one: '{{count}} row: {{note}}', rows_other: '{{count}} rows: {{note}}' };
    const complete = {
      rows_zero: '{{count}} صف: {{note}}',
      rows_one: 'صف واحد: {{note}}',
      rows_two: 'صفّان: {{note}}',
      rows_few: '{{count}} صفوف: {{note}}',
      rows_many: '{{count}} صفًا: {{note}}',
      rows_other: '{{count}} صف: {{note}}',
    };
    expect(translationGaps(english, complete)).toEqual([]);
    const { rows_two: _two, ...withoutTwo } = complete;
    expect(translationGaps(english, withoutTwo).map((gap) => gap.key)).toEqual(['rows_two']);
    expect(translationGaps(english, { ...complete, rows_few: '{{count}} صفوف' }).map((gap) => gap.problem)).toEqual([
      'variables',
    ]);
  });

  it('accepts Arabic plural forms for a count English does not inflect, but only all six', () => {
    const english = { sent: '{{count}} sent' };
    const forms = Object.fromEntries(ARABIC_PLURAL_FORMS.map((form) => [`sent_${form}`, `${form} {{count}} مرسل`]));
    expect(translationGaps(english, { sent: '{{count}} مرسلة', ...forms })).toEqual([]);
    const { sent_many: _many, ...partial } = forms;
    expect(translationGaps(english, { sent: '{{count}} مرسلة', ...partial }).map((gap) => gap.key)).toEqual([
      'sent_many',
    ]);
  });

  it('reports an Arabic key that English does not have', () => {
    expect(translationGaps({ a: 'Lock' }, { a: 'القفل', b: 'زائد' }).map((gap) => `${gap.key}:${gap.problem}`)).toEqual(
      ['b:unknown'],
    );
  });

  it('lets identifiers and technical terms stay as they are, but not English words', () => {
    expect(onlyKeptLatin('Redis SET NX PX')).toBe(true);
    expect(onlyKeptLatin('{{id}} — {{title}}')).toBe(true);
    expect(onlyKeptLatin('lockAtMostFor')).toBe(true);
    expect(onlyKeptLatin('Lock kind')).toBe(false);
    expect(placeholdersOf('{{writes, list}} $t(a.b)')).toEqual(new Set(['{{writes, list}}', '$t(a.b)']));
  });
});
