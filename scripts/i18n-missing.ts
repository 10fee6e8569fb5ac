/**
 * `npx tsx scripts/i18n-missing.ts`: the English text the Arabic interface still lacks, file by
 * file, so keys added later can be found and translated. Prints each missing key with its
 * English, then any other gap (empty, changed variables, left in English, unknown key), by the
 * rules of the completeness test (scripts/translationGaps.ts). Exits 1 when there is a gap.
 *
 * Reads the resource files from src/app/i18n by path: nothing outside app/ imports app/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRESETS } from '../src/presets/catalogue';
import { TIMELINE_MESSAGES_EN } from '../src/timeline/describeDefaults';
import {
  type FlatResource,
  flattenResource,
  presetWords,
  type TranslationGap,
  translationGaps,
} from './translationGaps';

const I18N_FOLDER = join('src', 'app', 'i18n');

interface Pair {
  /** Where the Arabic goes. */
  readonly arabicFile: string;
  readonly english: FlatResource;
  /** Timeline keys are flat with dots; the other files nest. */
  readonly flatKeys: boolean;
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

function pairs(): Pair[] {
  const englishFiles = readdirSync(I18N_FOLDER)
    .filter((name) => /^en(\..+)?\.json$/.test(name))
    .sort();
  return [
    ...englishFiles.map((name) => ({
      arabicFile: join(I18N_FOLDER, name.replace(/^en/, 'ar')),
      english: flattenResource(readJson(join(I18N_FOLDER, name))),
      flatKeys: false,
    })),
    { arabicFile: join(I18N_FOLDER, 'ar.timeline.json'), english: TIMELINE_MESSAGES_EN, flatKeys: true },
    { arabicFile: join(I18N_FOLDER, 'ar.presets.json'), english: presetWords(PRESETS), flatKeys: false },
  ];
}

function arabicOf(pair: Pair): FlatResource {
  const json = readJson(pair.arabicFile);
  return pair.flatKeys ? (json as FlatResource) : flattenResource(json);
}

function print(file: string, gaps: readonly TranslationGap[]): void {
  const missing = gaps.filter((gap) => gap.problem === 'missing');
  const other = gaps.filter((gap) => gap.problem !== 'missing');
  console.log(`\n${file}: ${missing.length} missing, ${other.length} other`);
  for (const gap of missing) console.log(`  ${gap.key}\n    en: ${gap.detail}`);
  for (const gap of other) console.log(`  ${gap.key} (${gap.problem}): ${gap.detail}`);
}

let total = 0;
for (const pair of pairs()) {
  const gaps = translationGaps(pair.english, arabicOf(pair));
  total += gaps.length;
  if (gaps.length > 0) print(pair.arabicFile, gaps);
}
console.log(total === 0 ? 'Arabic has every English key.' : `\n${total} gaps in all.`);
process.exitCode = total === 0 ? 0 : 1;
