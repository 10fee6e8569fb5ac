/**
 * The app's one translation layer: every user-facing string comes from a resource file
 * here through i18next (components use `useTranslation()`). English is the only language
 * for now; another is a new `<lang>.json` beside en.json plus a line in `resources`.
 *
 * Initialised synchronously (resources are bundled, `initAsync: false`), so the first render
 * already has its text and tests need no waiting.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Describe } from '../../timeline/describeDefaults';
import { TIMELINE_MESSAGES_EN } from '../../timeline/describeDefaults';
import enChart from './en.chart.json';
import enCourse from './en.course.json';
import enExchange from './en.exchange.json';
import en from './en.json';
import enLessons from './en.lessons.json';
import enMeasured from './en.measured.json';
import enPanels from './en.panels.json';

export const defaultNS = 'translation';
/**
 * One namespace, assembled from several files so that parts of the app can grow their text
 * side by side (`en.panels.json` holds the playground's side panels, `en.exchange.json` export, import,
 * autosave and the exercise mode, `en.course.json` the course map, `en.chart.json` what goes with the chart: the night's story,
 * the legend); keys never overlap.
 */
export const resources = {
  en: { translation: { ...en, ...enPanels, ...enExchange, ...enLessons, ...enCourse, ...enMeasured, ...enChart } },
} as const;

/**
 * The timeline's words (lane names, accessible names of events and writes) are a namespace of
 * their own with flat dotted keys; its English text is the timeline layer's defaults.
 */
export const TIMELINE_NS = 'timeline';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  resources,
  initAsync: false,
  // React escapes text itself; scenario text is only ever rendered as text nodes.
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.addResourceBundle('en', TIMELINE_NS, TIMELINE_MESSAGES_EN);

/** The timeline's `describe`, routed through the translation layer. */
export const describeTimeline: Describe = (key, params) =>
  // Keys are the timeline's own (dynamic, flat, dotted), hence the untyped call.
  (i18n.t as (key: string, options: object) => string)(key, { ns: TIMELINE_NS, keySeparator: false, ...params });
