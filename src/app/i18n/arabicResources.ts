/**
 * The Arabic resources, one chunk loaded on demand by `loadLanguage('ar')` (index.ts) and
 * precached by the service worker. The same files as the English ones, merged the same way
 * (`ar.lessonSteps.json` deep into `lessons`, as `addEnglishText` adds English's):
 * the `translation` namespace from `ar.json` and its siblings, the `timeline` namespace, and
 * the presets' titles and stories (`{ "<preset id>": { "title", "description" } }`).
 */
// The Arabic face, regular and bold, Arabic letters only: the files are served from the app's
// own origin (the CSP allows fonts from 'self' only) and precached with the rest of the build.
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';

type Bundle = Record<string, unknown>;

// Every Arabic file of this folder, bundled into this module's chunk (never the first load's).
const files = import.meta.glob<Bundle>('./ar*.json', { eager: true, import: 'default' });

const TRANSLATION_FILES = [
  './ar.json',
  './ar.panels.json',
  './ar.exchange.json',
  './ar.lessons.json',
  './ar.lessonViews.json',
  './ar.course.json',
  './ar.measured.json',
  './ar.chart.json',
  './ar.settings.json',
  './ar.modelErrors.json',
  './ar.verify.json',
  './ar.embed.json',
] as const;

/** Files that add to another file's top-level part: the lessons' steps go into `lessons`. */
// `ar.handIn.json` goes into `exercise` (the hand-in dialogs' words, a chunk of their own in English).
const DEEPENING_FILES = ['./ar.lessonSteps.json', './ar.handIn.json'] as const;

const bundleOf = (path: string): Bundle => files[path] ?? {};

const isBundle = (value: unknown): value is Bundle =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `more` merged in, object by object (neither is changed). */
function deepMerged(base: Bundle, more: Bundle): Bundle {
  const merged: Bundle = { ...base };
  for (const [key, value] of Object.entries(more)) {
    const existing = merged[key];
    merged[key] = isBundle(existing) && isBundle(value) ? deepMerged(existing, value) : value;
  }
  return merged;
}

export const arabicResources: Readonly<Record<string, Bundle>> = {
  translation: DEEPENING_FILES.map(bundleOf).reduce(
    deepMerged,
    Object.assign({}, ...TRANSLATION_FILES.map(bundleOf)) as Bundle,
  ),
  timeline: bundleOf('./ar.timeline.json'),
  presets: bundleOf('./ar.presets.json'),
};
