/**
 * The app's one translation layer: every user-facing string comes from a resource file
 * here through i18next (components use `useTranslation()`).
 *
 * English is bundled and initialised synchronously (`initAsync: false`), so the first render
 * in English already has its text and tests need no waiting. Every other language is loaded
 * on demand (`loadLanguage`: a dynamic import, a chunk of its own that the service worker
 * precaches), and a visit that opens in it waits for it before the first render.
 *
 * In a right-to-left language every value put into a sentence is a bidi isolate (a time, an
 * id or a statement keeps its own direction) and numbers and times are written with the
 * digits the person chose (digits.ts).
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Describe } from '../../timeline/describeDefaults';
import { TIMELINE_MESSAGES_EN } from '../../timeline/describeDefaults';
import { isolate, isolateSentence } from './bidi';
import { type DigitStyle, digitsState, isNumericText, localDigits } from './digits';
import enChart from './en.chart.json';
import type enCourse from './en.course.json';
import type enEmbed from './en.embed.json';
import enExchange from './en.exchange.json';
import type enHandIn from './en.handIn.json';
import en from './en.json';
import type enLessonSteps from './en.lessonSteps.json';
import enLessons from './en.lessons.json';
import type enLessonViews from './en.lessonViews.json';
import type enMeasured from './en.measured.json';
import enPanels from './en.panels.json';
import enSettings from './en.settings.json';
import type enVerify from './en.verify.json';
import { directionOf, FIRST_LANGUAGE, type Language } from './languages';

export const defaultNS = 'translation';
/**
 * One namespace, assembled from several files so that parts of the app can grow their text
 * side by side (`en.panels.json` holds the playground's side panels, `en.exchange.json` export, import,
 * autosave and the exercise mode, `en.course.json` the course map, `en.chart.json` what goes with the chart: the night's story,
 * the legend, `en.settings.json` the language and digits); keys never overlap. Other languages have the same files under their own code.
 *
 * `en.modelErrors.json`, a broken file's or link's problems, is not bundled: in English the
 * model's own sentence is shown, which its templates write word for word (modelErrorText.ts).
 *
 * The course map's English (`en.course.json`), the measured night's (`en.measured.json`),
 * Check every night's panel's (`en.verify.json`), the embed's and its dialog's (`en.embed.json`),
 * the lessons' steps (`en.lessonSteps.json`: captions, questions, reveals) and the
 * presentation's and EX04/EX05 views' (`en.lessonViews.json`) and the hand-in dialogs of
 * EX01, EX02, EX04, EX05, EX06 and LAB1 (`en.handIn.json`, into `exercise`) are not in the first load: they
 * come with their views' chunks, which add them (`addEnglishText`, a deep merge) when their
 * module is evaluated, so before the view can render: no key ever shows. A file stays whole
 * in one chunk (the bundler does not split a JSON module), so only a file whose every key is
 * used by on-demand views alone can go this way (the course button's word is `toolbar.course`
 * for that reason, and the lessons' titles and the player's words the menu and the chart use
 * stay in `en.lessons.json`; `en.lessonSteps.json` also holds `lessons`, merged into it).
 * `resources` types every key, those included.
 */
const firstLoadEnglish = {
  ...en,
  ...enPanels,
  ...enExchange,
  ...enLessons,
  ...enChart,
  ...enSettings,
};

type EnglishTranslation = typeof firstLoadEnglish &
  typeof enLessonSteps &
  typeof enLessonViews &
  typeof enHandIn &
  typeof enCourse &
  typeof enMeasured &
  typeof enVerify &
  typeof enEmbed;

export const resources = {
  en: { translation: firstLoadEnglish as EnglishTranslation },
} as const;

/**
 * Adds English text that a view loading on demand brings with it (call it at the top of the
 * view's module). Other languages load whole (`loadLanguage`), so they have it already.
 */
export function addEnglishText(text: Readonly<Record<string, unknown>>): void {
  i18n.addResourceBundle(FIRST_LANGUAGE, defaultNS, text, true, false);
}

/**
 * The timeline's words (lane names, accessible names of events and writes) are a namespace of
 * their own with flat dotted keys; its English text is the timeline layer's defaults.
 */
export const TIMELINE_NS = 'timeline';

/** The presets' titles and stories in languages other than the files' own English. */
export const PRESETS_NS = 'presets';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: FIRST_LANGUAGE,
  fallbackLng: FIRST_LANGUAGE,
  defaultNS,
  resources,
  initAsync: false,
  interpolation: {
    // React escapes text itself; scenario text is only ever rendered as text nodes. The
    // "escape" step is used instead to keep interpolated values in their own direction.
    escapeValue: true,
    escape: shownValue,
  },
  returnNull: false,
});
i18n.addResourceBundle(FIRST_LANGUAGE, TIMELINE_NS, TIMELINE_MESSAGES_EN);

/** An interpolated value as the sentence shows it: unchanged in English. */
function shownValue(value: string): string {
  if (directionOf(digitsState.language) === 'ltr') return value;
  return isolate(isNumericText(value) ? localDigits(value) : value);
}

/** Loads a language's resources once (English is always there). Rejects if its chunk cannot load. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === FIRST_LANGUAGE || i18n.hasResourceBundle(language, defaultNS)) return;
  const { arabicResources } = await import('./arabicResources');
  for (const [namespace, bundle] of Object.entries(arabicResources)) {
    i18n.addResourceBundle(language, namespace, bundle, true, true);
  }
  // A language whose main file is not there yet still counts as loaded (English fills in).
  if (!i18n.hasResourceBundle(language, defaultNS)) i18n.addResourceBundle(language, defaultNS, {});
}

/**
 * Switches the interface to `language` (loading it first) and the page with it: `<html lang
 * dir>`, the document title and its meta description (index.html's own are the English, for
 * the first paint and for crawlers). Components re-render through react-i18next.
 */
export async function switchLanguage(language: Language, digits: DigitStyle, root: Document = document): Promise<void> {
  await loadLanguage(language);
  digitsState.language = language;
  digitsState.style = digits;
  await i18n.changeLanguage(language);
  root.documentElement.lang = language;
  root.documentElement.dir = directionOf(language);
  root.title = i18n.t('app.documentTitle');
  root.querySelector?.('meta[name="description"]')?.setAttribute('content', i18n.t('app.metaDescription'));
}

/** The language on screen. */
export function currentLanguage(): Language {
  return digitsState.language;
}

/**
 * The timeline's `describe`, routed through the translation layer. In a right-to-left
 * language each text is one isolate: the chart's SVG stays left to right (its time axis runs
 * that way), and the isolate keeps an Arabic sentence in right-to-left order in it (even one
 * that starts with `Redis`) while a label of ids and numbers alone (`#1003 A·7`) stays left to
 * right.
 */
export const describeTimeline: Describe = (key, params) => {
  // Keys are the timeline's own (dynamic, flat, dotted), hence the untyped call.
  const text = (i18n.t as (key: string, options: object) => string)(key, {
    ns: TIMELINE_NS,
    keySeparator: false,
    ...params,
  });
  return directionOf(digitsState.language) === 'rtl' ? isolateSentence(text) : text;
};
