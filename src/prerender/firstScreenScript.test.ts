import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOSAVE_KEY, DISPLACED_KEY, encodeRecord } from '../app/exchange/autosaveRecord';
import { openingDocument } from '../app/exchange/openingDocument';
import { chooseLanguage, isLanguage } from '../app/i18n/languages';
import { FLAGSHIP_SHARE_FRAGMENT } from '../app/state/flagshipFragment';
import { FLAGSHIP_PRESET_ID, presetDocument } from '../app/state/initialDocument';
import { PREFERENCES_KEY } from '../app/state/preferences';
import { loadShareLinkCodec } from '../app/state/shareLinkCodec';
import { shareFragment } from '../model/shareLink';
import { firstScreenScript } from './firstScreenScript';

const SCRIPT = firstScreenScript({
  workKeys: [AUTOSAVE_KEY, DISPLACED_KEY],
  preferencesKey: PREFERENCES_KEY,
});

interface Visit {
  readonly hash?: string;
  readonly search?: string;
  readonly stored?: Readonly<Record<string, string>>;
  readonly languages?: readonly string[];
  /** localStorage throws on access (some private modes). */
  readonly storageBlocked?: boolean;
  /** A lesson link: the app opens the lesson's night over whatever openingDocument chose. */
  readonly opensLesson?: boolean;
}

/** Runs the head script against a fake page; returns the first screen it chose. */
function chosen(visit: Visit): string | null {
  const attributes = new Map<string, string>();
  const documentElement = { setAttribute: (name: string, value: string) => attributes.set(name, value) };
  const storage = { getItem: (key: string) => visit.stored?.[key] ?? null };
  const window = {
    get localStorage() {
      if (visit.storageBlocked) throw new Error('SecurityError');
      return storage;
    },
  };
  const location = { hash: visit.hash ?? '', search: visit.search ?? '' };
  const navigator = { languages: visit.languages ?? ['en-GB'], language: 'en-GB' };
  new Function('document', 'window', 'location', 'navigator', SCRIPT)({ documentElement }, window, location, navigator);
  return attributes.get('data-first-screen') ?? null;
}

const flagship = presetDocument(FLAGSHIP_PRESET_ID);
const saved = encodeRecord({
  tabId: 'tab',
  revision: 1,
  savedAtMs: 0,
  source: 's02-shedlock-happy-path',
  document: presetDocument('s02-shedlock-happy-path'),
  view: { viewport: null, playheadMs: null, selectedEventIndex: null },
});

/**
 * What the app itself opens for a visit: the flagship preset (the document itself, named as the
 * preset: the flagship's link opens as "Scenario from a link") in English, or not.
 */
function appOpensFlagshipInEnglish(visit: Visit): boolean {
  if (visit.opensLesson) return false;
  const stored = visit.storageBlocked ? undefined : visit.stored;
  const record = stored?.[AUTOSAVE_KEY] ? JSON.parse(stored[AUTOSAVE_KEY]) : null;
  const opening = openingDocument(visit.hash ?? '', record);
  let savedLanguage = null;
  try {
    const preference = JSON.parse(stored?.[PREFERENCES_KEY] ?? '{}')?.language;
    savedLanguage = isLanguage(preference) ? preference : null;
  } catch {
    savedLanguage = null;
  }
  const { language } = chooseLanguage({
    search: visit.search ?? '',
    saved: savedLanguage,
    browser: visit.languages ?? ['en-GB'],
  });
  return opening.opened.document === flagship && language === 'en';
}

const VISITS: Record<string, Visit> = {
  'a first visit': {},
  'an empty fragment': { hash: '#' },
  "the flagship's own link, as a first visit writes it": { hash: FLAGSHIP_SHARE_FRAGMENT },
  'a link with the flagship in it': { hash: 'link:flagship' },
  'English asked for in the address': { search: '?lang=en', languages: ['ar'] },
  'English remembered': { stored: { [PREFERENCES_KEY]: '{"language":"en"}' }, languages: ['ar-EG'] },
  'a browser in French, then English': { languages: ['fr-FR', 'en-US'] },
  'a browser in no language the app speaks': { languages: ['fr-FR'] },
  'another preset linked': { hash: 'link:s02' },
  'the exercise': { hash: '#exercise=ex03' },
  'a lesson link': { hash: '#lesson=1&step=2', opensLesson: true },
  'autosaved work': { stored: { [AUTOSAVE_KEY]: saved } },
  'Arabic asked for in the address': { search: '?lang=ar' },
  'Arabic remembered': { stored: { [PREFERENCES_KEY]: '{"language":"ar"}' } },
  'a browser in Arabic': { languages: ['ar-EG', 'en'] },
  'storage withheld': { storageBlocked: true },
};

describe("the head script's choice of first screen", () => {
  beforeAll(async () => {
    await loadShareLinkCodec();
    VISITS['another preset linked'] = { hash: shareFragment(presetDocument('s02-shedlock-happy-path')) };
    VISITS['a link with the flagship in it'] = { hash: shareFragment(flagship) };
  });

  it.each(Object.keys(VISITS))('shows the flagship only where the app opens it, in English: %s', (name) => {
    const visit = VISITS[name] as Visit;
    const screen = chosen(visit);
    // A withheld storage opens the flagship in the app; the script plays safe with the skeleton.
    if (visit.storageBlocked) expect(screen).toBe('skeleton');
    else expect(screen).toBe(appOpensFlagshipInEnglish(visit) ? 'night' : 'skeleton');
  });

  it('chooses the night for a first visit and the skeleton for the rest of the list above', () => {
    expect(chosen({})).toBe('night');
    expect(chosen({ hash: '#exercise=ex03' })).toBe('skeleton');
    expect(chosen({ stored: { [AUTOSAVE_KEY]: saved } })).toBe('skeleton');
    // Work another tab's save set aside shows as a notice above the verdict: not the first screen drawn.
    expect(chosen({ stored: { [DISPLACED_KEY]: saved } })).toBe('skeleton');
    expect(chosen({ search: '?lang=ar' })).toBe('skeleton');
  });

  it('leaves the skeleton when a stored preference is damaged', () => {
    expect(chosen({ stored: { [PREFERENCES_KEY]: '{not json' } })).toBe('skeleton');
  });

  it('is plain script text with the keys written in', () => {
    expect(SCRIPT).toContain(JSON.stringify(AUTOSAVE_KEY));
    expect(SCRIPT).not.toMatch(/\b(import|export|const|let|=>)\b/);
  });
});
