/**
 * `npx tsx scripts/i18n-merge-pending.ts`: moves Arabic written ahead of its English into the
 * Arabic files. `src/app/i18n/pending/ar.pending.json` holds, per Arabic file, flat keys with
 * the English text each translation was made from (`{ "ar.json": { "search.cancel": { "en":
 * "Cancel", "ar": "إلغاء" } } }`; `ar.timeline.json` for the timeline namespace, whose English is
 * the timeline layer's TIMELINE_MESSAGES_EN), for English keys that work still under way adds. A key is
 * moved once its English file has that very English text; an entry whose English has changed
 * since is kept and reported, to be translated again. Moved entries leave the pending file,
 * which is deleted when empty. The Arabic files are rewritten in their English files' key order;
 * run `npx biome check --write src/app/i18n` after.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIMELINE_MESSAGES_EN } from '../src/timeline/describeDefaults';
import { ARABIC_PLURAL_FORMS, flattenResource, pluralPart } from './translationGaps';

const I18N_FOLDER = join('src', 'app', 'i18n');
const PENDING_FILE = join(I18N_FOLDER, 'pending', 'ar.pending.json');

interface PendingEntry {
  readonly en: string;
  readonly ar: string;
}

type Tree = { [key: string]: string | Tree };

function readTree(file: string): Tree {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Tree) : {};
}

/** The English an Arabic key translates: its own, or its plural group's `_other`, or the base's. */
function englishFor(english: Readonly<Record<string, string>>, key: string): string | undefined {
  const base = pluralPart(key)?.base;
  return english[key] ?? (base === undefined ? undefined : (english[`${base}_other`] ?? english[base]));
}

/** The timeline namespace keeps its dotted keys flat; its English is the timeline layer's. */
const FLAT_FILE = 'ar.timeline.json';

function setPath(tree: Tree, key: string, value: string, flat: boolean): void {
  if (flat) {
    tree[key] = value;
    return;
  }
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'object') node = next;
    else node = node[part] = {};
  }
  node[parts.at(-1) ?? key] = value;
}

/** Pure: `arabic` with its keys in `english`'s order, each Arabic-only plural form after its group. */
function orderLike(arabic: Tree, english: Tree): Tree {
  const ordered: Tree = {};
  const put = (key: string) => {
    const value = arabic[key];
    if (value === undefined || key in ordered) return;
    const twin = english[key];
    ordered[key] = typeof value === 'object' && typeof twin === 'object' ? orderLike(value, twin) : value;
  };
  for (const key of Object.keys(english)) {
    // A plural group in Arabic's order (zero to other); a plain key, then any forms Arabic adds.
    const base = pluralPart(key)?.base;
    if (base === undefined) put(key);
    for (const form of ARABIC_PLURAL_FORMS) put(`${base ?? key}_${form}`);
  }
  for (const key of Object.keys(arabic)) put(key);
  return ordered;
}

const pending = readTree(PENDING_FILE) as unknown as Record<string, Record<string, PendingEntry>>;
const left: Record<string, Record<string, PendingEntry>> = {};
for (const [arabicName, entries] of Object.entries(pending)) {
  const arabicFile = join(I18N_FOLDER, arabicName);
  const flat = arabicName === FLAT_FILE;
  const englishTree: Tree = flat
    ? { ...TIMELINE_MESSAGES_EN }
    : readTree(join(I18N_FOLDER, arabicName.replace(/^ar/, 'en')));
  const english = flat ? TIMELINE_MESSAGES_EN : flattenResource(englishTree);
  const arabic = readTree(arabicFile);
  let moved = 0;
  for (const [key, entry] of Object.entries(entries)) {
    const now = englishFor(english, key);
    if (now === entry.en) {
      setPath(arabic, key, entry.ar, flat);
      moved += 1;
      continue;
    }
    left[arabicName] = { ...left[arabicName], [key]: entry };
    console.log(
      now === undefined
        ? `waiting  ${arabicName} ${key}: no English yet`
        : `changed  ${arabicName} ${key}: English is now “${now}”`,
    );
  }
  if (moved > 0) {
    writeFileSync(arabicFile, `${JSON.stringify(orderLike(arabic, englishTree), null, 2)}\n`);
    console.log(`moved    ${moved} keys into ${arabicFile}`);
  }
}
if (Object.keys(left).length === 0) {
  rmSync(PENDING_FILE, { force: true });
  console.log(`Nothing left pending; ${PENDING_FILE} deleted.`);
} else {
  writeFileSync(PENDING_FILE, `${JSON.stringify(left, null, 2)}\n`);
}
