import { beforeAll, describe, expect, it } from 'vitest';
import { AUTOSAVE_KEY, DISPLACED_KEY, encodeRecord } from '../app/exchange/autosaveRecord';
import { openingDocument } from '../app/exchange/openingDocument';
import { i18n, loadLanguage } from '../app/i18n';
import { chooseLanguage, directionOf, isLanguage, type Language } from '../app/i18n/languages';
import { FLAGSHIP_SHARE_FRAGMENT } from '../app/state/flagshipFragment';
import { FLAGSHIP_PRESET_ID, presetDocument } from '../app/state/initialDocument';
import { PREFERENCES_KEY } from '../app/state/preferences';
import { loadShareLinkCodec } from '../app/state/shareLinkCodec';
import { shareFragment } from '../model/shareLink';
import { firstScreenScript } from './firstScreenScript';

const ARABIC_TITLE = 'Leaseline: عنوان';

const ARABIC_FONT = {
  stylesheet: '/assets/arabic.css',
  files: ['/assets/arabic-400.woff2', '/assets/arabic-700.woff2'],
};

const SCRIPT = firstScreenScript({
  workKeys: [AUTOSAVE_KEY, DISPLACED_KEY],
  preferencesKey: PREFERENCES_KEY,
  arabicTitle: ARABIC_TITLE,
  arabicFont: ARABIC_FONT,
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

/** What the head script wrote on the page: <html>'s attributes, the title, the links it added to <head>. */
interface Written {
  readonly attributes: ReadonlyMap<string, string>;
  readonly title: string;
  readonly links: readonly Record<string, string>[];
}

/** A fake page: index.html's `<html lang="en">`, its English title and an empty <head>. */
function fakePage() {
  const attributes = new Map<string, string>([['lang', 'en']]);
  const links: Record<string, string>[] = [];
  const page = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    title: 'Leaseline: locks, leases and fencing tokens',
    head: { appendChild: (link: Record<string, string>) => links.push(link) },
    createElement: (tag: string) => {
      const element: Record<string, string> & { setAttribute?: unknown } = { tag };
      element.setAttribute = (name: string, value: string) => {
        element[name] = value;
      };
      return element;
    },
  };
  return { page, attributes, links };
}

/** Runs the head script against a fake page; returns the first screen it chose. */
function chosen(visit: Visit): string | null {
  return written(visit).attributes.get('data-first-screen') ?? null;
}

/** Runs the head script against a fake page. */
function written(visit: Visit): Written {
  const { page, attributes, links } = fakePage();
  const storage = { getItem: (key: string) => visit.stored?.[key] ?? null };
  const window = {
    get localStorage() {
      if (visit.storageBlocked) throw new Error('SecurityError');
      return storage;
    },
  };
  const location = { hash: visit.hash ?? '', search: visit.search ?? '' };
  const navigator = { languages: visit.languages ?? ['en-GB'], language: 'en-GB' };
  new Function('document', 'window', 'location', 'navigator', SCRIPT)(page, window, location, navigator);
  return { attributes, title: page.title, links };
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

/** The language the app itself opens a visit in (startLanguage: chooseLanguage on the preferences). */
function appLanguage(visit: Visit): Language {
  const stored = visit.storageBlocked ? undefined : visit.stored;
  let savedLanguage = null;
  try {
    const preference = JSON.parse(stored?.[PREFERENCES_KEY] ?? '{}')?.language;
    savedLanguage = isLanguage(preference) ? preference : null;
  } catch {
    savedLanguage = null;
  }
  return chooseLanguage({ search: visit.search ?? '', saved: savedLanguage, browser: visit.languages ?? ['en-GB'] })
    .language;
}

/**
 * What the app itself opens for a visit: the flagship preset (the document itself, named as the
 * preset: the flagship's link opens as "Scenario from a link") in a language the build
 * prerendered it in (English, or Arabic with Western digits), or not.
 */
function appOpensPrerenderedFlagship(visit: Visit): Language | null {
  if (visit.opensLesson) return null;
  const stored = visit.storageBlocked ? undefined : visit.stored;
  const record = stored?.[AUTOSAVE_KEY] ? JSON.parse(stored[AUTOSAVE_KEY]) : null;
  const opening = openingDocument(visit.hash ?? '', record);
  const language = appLanguage(visit);
  let digits = 'western';
  try {
    digits = JSON.parse(stored?.[PREFERENCES_KEY] ?? '{}')?.digits ?? 'western';
  } catch {
    digits = 'western';
  }
  if (language === 'ar' && digits === 'arabicIndic') return null;
  return opening.opened.document === flagship ? language : null;
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
  'Arabic asked for over English remembered': {
    search: '?lang=AR-eg',
    stored: { [PREFERENCES_KEY]: '{"language":"en"}' },
  },
  'Arabic remembered': { stored: { [PREFERENCES_KEY]: '{"language":"ar"}' } },
  'Arabic remembered, a browser in English': { stored: { [PREFERENCES_KEY]: '{"language":"ar"}' }, languages: ['en'] },
  'a browser in Arabic': { languages: ['ar-EG', 'en'] },
  'a browser in French, then Arabic': { languages: ['fr', 'ar_SA'] },
  'Arabic with Arabic-Indic digits': { search: '?lang=ar', stored: { [PREFERENCES_KEY]: '{"digits":"arabicIndic"}' } },
  'English with Arabic-Indic digits': { stored: { [PREFERENCES_KEY]: '{"language":"en","digits":"arabicIndic"}' } },
  'Arabic and a link': { search: '?lang=ar', hash: '#exercise=ex03' },
  'Arabic and autosaved work': { search: '?lang=ar', stored: { [AUTOSAVE_KEY]: saved } },
  'a preference of null': { stored: { [PREFERENCES_KEY]: 'null' }, languages: ['ar'] },
  'storage withheld': { storageBlocked: true },
};

describe("the head script's choice of first screen", () => {
  beforeAll(async () => {
    await loadShareLinkCodec();
    VISITS['another preset linked'] = { hash: shareFragment(presetDocument('s02-shedlock-happy-path')) };
    VISITS['a link with the flagship in it'] = { hash: shareFragment(flagship) };
  });

  it.each(Object.keys(VISITS))('shows the flagship only where the app opens it, in its language: %s', (name) => {
    const visit = VISITS[name] as Visit;
    const { attributes } = written(visit);
    const opens = appOpensPrerenderedFlagship(visit);
    // A withheld storage opens the flagship in the app; the script plays safe with the skeleton.
    if (visit.storageBlocked) expect(attributes.get('data-first-screen')).toBe('skeleton');
    else expect(attributes.get('data-first-screen')).toBe(opens === null ? 'skeleton' : 'night');
    expect(attributes.get('data-first-screen-language')).toBe(visit.storageBlocked ? undefined : (opens ?? undefined));
  });

  it.each(Object.keys(VISITS))("sets <html lang dir> and the title as the app's start will: %s", async (name) => {
    const visit = VISITS[name] as Visit;
    if (visit.storageBlocked) return;
    const { attributes, title } = written(visit);
    const language = appLanguage(visit);
    expect(attributes.get('lang')).toBe(language);
    expect(attributes.get('dir') ?? 'ltr').toBe(directionOf(language));
    expect(title).toBe(language === 'ar' ? ARABIC_TITLE : 'Leaseline: locks, leases and fencing tokens');
  });

  it('loads the Arabic font for an Arabic visit only: its stylesheet before the first paint, its files preloaded', () => {
    expect(written({}).links).toEqual([]);
    const { links } = written({ search: '?lang=ar', hash: '#exercise=ex03' });
    expect(links).toEqual([
      expect.objectContaining({ tag: 'link', rel: 'stylesheet', href: ARABIC_FONT.stylesheet, blocking: 'render' }),
      ...ARABIC_FONT.files.map((href) =>
        expect.objectContaining({ rel: 'preload', as: 'font', type: 'font/woff2', crossOrigin: 'anonymous', href }),
      ),
    ]);
  });

  it('chooses the night for a first visit and the skeleton for the rest of the list above', () => {
    expect(chosen({})).toBe('night');
    expect(chosen({ hash: '#exercise=ex03' })).toBe('skeleton');
    expect(chosen({ stored: { [AUTOSAVE_KEY]: saved } })).toBe('skeleton');
    // Work another tab's save set aside shows as a notice above the verdict: not the first screen drawn.
    expect(chosen({ stored: { [DISPLACED_KEY]: saved } })).toBe('skeleton');
    expect(written({ search: '?lang=ar' }).attributes.get('data-first-screen-language')).toBe('ar');
    expect(written({}).attributes.get('data-first-screen-language')).toBe('en');
  });

  it("writes the title the app's switchLanguage writes, in ASCII escapes", async () => {
    await loadLanguage('ar');
    const title = i18n.getFixedT('ar')('app.documentTitle');
    const script = firstScreenScript({
      workKeys: [],
      preferencesKey: PREFERENCES_KEY,
      arabicTitle: title,
      arabicFont: ARABIC_FONT,
    });
    expect(script).toMatch(/^[\x20-\x7e\n]*$/);
    const { page } = fakePage();
    const window = { localStorage: { getItem: () => null } };
    new Function('document', 'window', 'location', 'navigator', script)(
      page,
      window,
      { hash: '', search: '?lang=ar' },
      { languages: [] },
    );
    expect(page.title).toBe(title);
  });

  it('leaves the skeleton when a stored preference is damaged', () => {
    expect(chosen({ stored: { [PREFERENCES_KEY]: '{not json' } })).toBe('skeleton');
  });

  it('is plain script text with the keys written in', () => {
    expect(SCRIPT).toContain(JSON.stringify(AUTOSAVE_KEY));
    expect(SCRIPT).not.toMatch(/\b(import|export|const|let|=>)\b/);
  });
});
