/**
 * What an Arabic resource lacks against its English original: the rules behind the app's
 * translation completeness test (src/app/i18n/completeness.test.ts) and `scripts/i18n-missing.ts`,
 * kept here so both read the resources the same way. Pure: resources in, gaps out. (It lives
 * in scripts/ because nothing outside app/ may import app/, and the script needs it too.)
 *
 * The rules:
 * - every English key has an Arabic value, non-empty, with the same `{{variables}}` and
 *   `$t()` nestings;
 * - a key with English plural forms (i18next's `_one`/`_other` suffixes on `count`) has all six
 *   Arabic forms (`_zero` `_one` `_two` `_few` `_many` `_other`, Intl.PluralRules('ar')); a form
 *   may leave out `{{count}}` (ثانيتان says the two itself) but keeps every other variable;
 * - Arabic may add the six forms to an English key that has none, where the code passes
 *   `count` and Arabic must agree the noun with it; then it has all six;
 * - an Arabic value that is the English text, or has no Arabic letter, is untranslated unless
 *   all its Latin words are identifiers and technical terms (`ShedLock`, `lockAtMostFor`);
 * - Arabic has no key English does not know (a stale or misspelt key).
 */

export type FlatResource = Readonly<Record<string, string>>;

export const ARABIC_PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const PLURAL_SUFFIX = new RegExp(`^(.*)_(${ARABIC_PLURAL_FORMS.join('|')})$`);

/** Words that stay in Latin script inside Arabic text: product names, settings, SQL, keys. */
const LATIN_TERMS_KEPT = [
  'Leaseline',
  'ShedLock',
  'Redis',
  'SET',
  'NX',
  'PX',
  'etcd',
  'ZooKeeper',
  'lockAtMostFor',
  'lockAtLeastFor',
  'leaseDuration',
  'renewDeadline',
  'retryPeriod',
  'NULL',
  'Shift',
  'Ctrl',
  'Cmd',
  'Page',
  'Up',
  'Down',
  'Delete',
  'Backspace',
  'Esc',
];

export type GapProblem = 'missing' | 'empty' | 'variables' | 'untranslated' | 'unknown';

export interface TranslationGap {
  readonly key: string;
  readonly problem: GapProblem;
  /** The English text (for a missing key: what to translate), or what is wrong. */
  readonly detail: string;
}

/** Pure: a nested resource as flat dotted keys (`panels.sql.rows_one`). */
export function flattenResource(tree: unknown, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  if (typeof tree !== 'object' || tree === null) return flat;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') flat[path] = value;
    else Object.assign(flat, flattenResource(value, path));
  }
  return flat;
}

/** Pure: `{ base, form }` when `key` ends in a plural suffix, else null. */
export function pluralPart(key: string): { readonly base: string; readonly form: string } | null {
  const match = PLURAL_SUFFIX.exec(key);
  return match?.[1] !== undefined && match[2] !== undefined ? { base: match[1], form: match[2] } : null;
}

/**
 * Pure: the `{{variable}}` and `$t(nesting)` parts of a text, as written (formats included).
 * An unescaped `{{- variable}}` is the same variable: a language may write an id that way
 * (no isolate, digits as they are) where another interpolates it.
 */
export function placeholdersOf(text: string): ReadonlySet<string> {
  const found = text.match(/\{\{[^}]*\}\}|\$t\([^)]*\)/g) ?? [];
  return new Set(found.map((placeholder) => placeholder.replace(/^\{\{- /, '{{')));
}

/** Pure: true when every Latin word of `text`, outside its placeholders, is a kept term. */
export function onlyKeptLatin(text: string): boolean {
  let rest = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ' ');
  for (const term of LATIN_TERMS_KEPT) rest = rest.replace(new RegExp(`\\b${term}\\b`, 'g'), ' ');
  return !/[A-Za-z]/.test(rest);
}

const ARABIC_LETTER = /[\u0600-\u06FF]/;

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((item) => b.has(item));
}

function show(set: ReadonlySet<string>): string {
  return set.size === 0 ? 'none' : [...set].join(' ');
}

/** One Arabic value against the English text(s) it translates. */
function valueGaps(
  key: string,
  arabic: string,
  englishTexts: readonly string[],
  variables: {
    readonly exact?: ReadonlySet<string>;
    readonly required?: ReadonlySet<string>;
    readonly allowed?: ReadonlySet<string>;
  },
): TranslationGap[] {
  if (arabic.trim() === '') return [{ key, problem: 'empty', detail: englishTexts[0] ?? '' }];
  const gaps: TranslationGap[] = [];
  const found = placeholdersOf(arabic);
  if (variables.exact && !sameSet(found, variables.exact)) {
    gaps.push({ key, problem: 'variables', detail: `Arabic has ${show(found)}; English has ${show(variables.exact)}` });
  }
  const lacking = [...(variables.required ?? [])].filter((name) => !found.has(name));
  const foreign = variables.allowed ? [...found].filter((name) => !variables.allowed?.has(name)) : [];
  if (lacking.length > 0 || foreign.length > 0) {
    gaps.push({
      key,
      problem: 'variables',
      detail: `lacks ${lacking.join(' ') || 'nothing'}; has unknown ${foreign.join(' ') || 'nothing'}`,
    });
  }
  const copied = englishTexts.includes(arabic);
  if ((copied || !ARABIC_LETTER.test(arabic)) && !onlyKeptLatin(arabic)) {
    gaps.push({ key, problem: 'untranslated', detail: arabic });
  }
  return gaps;
}

/** Pure: every gap of `arabic` against `english` (both flat), in English key order. */
export function translationGaps(english: FlatResource, arabic: FlatResource): TranslationGap[] {
  const pluralEnglish = new Map<string, string[]>();
  const plainEnglish = new Map<string, string>();
  for (const [key, text] of Object.entries(english)) {
    const plural = pluralPart(key);
    if (plural) pluralEnglish.set(plural.base, [...(pluralEnglish.get(plural.base) ?? []), text]);
    else plainEnglish.set(key, text);
  }
  const gaps: TranslationGap[] = [];
  const formsOf = (base: string) => ARABIC_PLURAL_FORMS.map((form) => `${base}_${form}`);
  for (const [key, text] of plainEnglish) {
    const value = arabic[key];
    if (value === undefined) gaps.push({ key, problem: 'missing', detail: text });
    else gaps.push(...valueGaps(key, value, [text], { exact: placeholdersOf(text) }));
    // Arabic's own plural forms for a count English does not inflect: all six, or none.
    const own = formsOf(key).filter((form) => arabic[form] !== undefined);
    if (own.length === 0) continue;
    const variables = placeholdersOf(text);
    const allowed = new Set([...variables, '{{count}}']);
    const required = new Set([...variables].filter((name) => name !== '{{count}}'));
    for (const form of formsOf(key)) {
      const formText = arabic[form];
      if (formText === undefined) gaps.push({ key: form, problem: 'missing', detail: text });
      else gaps.push(...valueGaps(form, formText, [text], { required, allowed }));
    }
  }
  for (const [base, texts] of pluralEnglish) {
    const sets = texts.map(placeholdersOf);
    const allowed = new Set(['{{count}}', ...sets.flatMap((set) => [...set])]);
    const required = new Set([...allowed].filter((name) => name !== '{{count}}' && sets.every((set) => set.has(name))));
    for (const form of formsOf(base)) {
      const formText = arabic[form];
      if (formText === undefined) gaps.push({ key: form, problem: 'missing', detail: texts.join(' | ') });
      else gaps.push(...valueGaps(form, formText, texts, { required, allowed }));
    }
  }
  for (const key of Object.keys(arabic)) {
    const base = pluralPart(key)?.base;
    const known = plainEnglish.has(key) || (base !== undefined && (pluralEnglish.has(base) || plainEnglish.has(base)));
    if (!known) gaps.push({ key, problem: 'unknown', detail: 'no English key of this name' });
  }
  return gaps;
}

/** Pure: the presets' English words as one flat resource: `<id>.title`, `<id>.description`, `<id>.labels.<event id>`. */
export function presetWords(
  presets: readonly { readonly id: string; readonly document: unknown }[],
): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const preset of presets) {
    const document = preset.document as {
      readonly title?: unknown;
      readonly description?: unknown;
      readonly events?: readonly { readonly id?: unknown; readonly label?: unknown }[];
    };
    if (typeof document.title === 'string') flat[`${preset.id}.title`] = document.title;
    if (typeof document.description === 'string') flat[`${preset.id}.description`] = document.description;
    for (const event of document.events ?? []) {
      if (typeof event.id === 'string' && typeof event.label === 'string' && event.label !== '') {
        flat[`${preset.id}.labels.${event.id}`] = event.label;
      }
    }
  }
  return flat;
}
