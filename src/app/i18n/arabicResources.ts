/**
 * The Arabic resources, one chunk loaded on demand by `loadLanguage('ar')` (index.ts) and
 * precached by the service worker. The same files as the English ones, merged the same way:
 * the `translation` namespace from `ar.json` and its siblings, the `timeline` namespace, and
 * the presets' titles and stories (`{ "<preset id>": { "title", "description" } }`).
 */
// The Arabic face, regular and bold, Arabic letters only: the files are served from the app's
// own origin (the CSP allows fonts from 'self' only) and precached with the rest of the build.
import '@fontsource/noto-sans-arabic/arabic-400.css';
import '@fontsource/noto-sans-arabic/arabic-700.css';

// Nothing of the first load may be imported here: main.tsx awaits this chunk at its top
// level, so a chunk that imports from the entry would wait for the entry, which waits for it.

type Bundle = Record<string, unknown>;

// Every Arabic file of this folder, bundled into this module's chunk (never the first load's).
const files = import.meta.glob<Bundle>('./ar*.json', { eager: true, import: 'default' });

const TRANSLATION_FILES = [
  './ar.json',
  './ar.panels.json',
  './ar.exchange.json',
  './ar.lessons.json',
  './ar.course.json',
  './ar.measured.json',
  './ar.chart.json',
  './ar.settings.json',
  './ar.modelErrors.json',
] as const;

const bundleOf = (path: string): Bundle => files[path] ?? {};

export const arabicResources: Readonly<Record<string, Bundle>> = {
  translation: Object.assign({}, ...TRANSLATION_FILES.map(bundleOf)) as Bundle,
  timeline: bundleOf('./ar.timeline.json'),
  presets: bundleOf('./ar.presets.json'),
};
