/**
 * The person's preferences, kept in the browser across visits: whether single-key shortcuts
 * (F, [, ], +, -, 0, ?, the number keys, B in presentation) are on, the interface language
 * they chose, and how digits are written in Arabic. WCAG 2.1.4: someone using speech input or
 * a switch device must be able to turn single-key shortcuts off. Shortcuts with Ctrl/Cmd and
 * the keys of focused controls (arrows, Page Up/Down, Space) stay.
 */
import { createStore } from 'zustand/vanilla';
import type { DigitStyle } from '../i18n/digits';
import { isLanguage, type Language } from '../i18n/languages';

export const PREFERENCES_KEY = 'leaseline:preferences';

export interface Preferences {
  readonly singleKeyShortcuts: boolean;
  /** The language the person chose (switcher or `?lang=`); null until they choose one. */
  readonly language: Language | null;
  /** Western digits (the default) or Arabic-Indic, in the Arabic interface. */
  readonly digits: DigitStyle;
  set(patch: Partial<Omit<Preferences, 'set'>>): void;
}

type Saved = Partial<Omit<Preferences, 'set'>>;

/** Pure: the valid fields of what was stored, each checked on its own. */
export function parseSavedPreferences(text: string | null): Saved {
  let saved: unknown;
  try {
    saved = JSON.parse(text ?? '{}');
  } catch {
    return {};
  }
  if (saved === null || typeof saved !== 'object') return {};
  const record = saved as Record<string, unknown>;
  const result: { -readonly [K in keyof Saved]: Saved[K] } = {};
  if (typeof record.singleKeyShortcuts === 'boolean') result.singleKeyShortcuts = record.singleKeyShortcuts;
  if (isLanguage(record.language)) result.language = record.language;
  if (record.digits === 'western' || record.digits === 'arabicIndic') result.digits = record.digits;
  return result;
}

function readSaved(): Saved {
  try {
    return parseSavedPreferences(globalThis.localStorage?.getItem(PREFERENCES_KEY) ?? null);
  } catch {
    // Unreadable or blocked storage: the defaults.
    return {};
  }
}

export const preferences = createStore<Preferences>()((set, get) => ({
  singleKeyShortcuts: true,
  language: null,
  digits: 'western',
  ...readSaved(),
  set: (patch) => {
    set(patch);
    try {
      // The whole of what is kept, not the patch: a patch without a field must not erase it.
      const { singleKeyShortcuts, language, digits } = get();
      globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify({ singleKeyShortcuts, language, digits }));
    } catch {
      // Private mode or full storage: the preference holds for this visit.
    }
  },
}));
