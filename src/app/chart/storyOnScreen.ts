/**
 * Which story the story box tells: the one written for the night, only while the night on
 * screen is the night it was written for; else the night's own story read off the trace, in
 * the key moments' words (timeline/keyMomentStory.ts), so the story never says "applied
 * twice" beside a verdict that says "Safe", nor the reverse.
 *
 * A preset's story (matched word for word, so a link or an autosave carrying one counts) is
 * the preset's night's; the night of a document that came from a preset is compared with it
 * too. A found night's story (Find a failure's, Check every night's) is written in English for
 * the night as found: it is shown while that night is on screen as its tool opened it, in
 * English; edited, restored from the autosave, or in another language, the night is told
 * from its chart, so a fenced copy of an unsafe found night never reads "applied twice" beside
 * "Safe". A person's own text (a file) is shown as its author wrote it.
 */
import type { TFunction } from 'i18next';
import { DEFAULT_STORAGE } from '../../model/defaults';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { fencedTwinOf } from '../../presets/fencedTwins';
import { keyMomentStory } from '../../timeline/keyMomentStory';
import { describeTimeline } from '../i18n';
import { nightStoryText, presetOfStory } from '../i18n/presetText';
import { isEditedPreset } from '../playground/editedPreset';
import { isFoundNightAsOpened } from '../search/foundNightsAsOpened';
import { FOUND_NIGHT_SOURCE } from '../search/searchState';
import { presetDocument } from '../state/initialDocument';
import type { Night } from '../state/night';
import { VERIFIED_NIGHT_SOURCE } from '../verify/verifyState';

export interface StoryOnScreen {
  readonly title: string;
  /** Said before the story: why it is not the one written for the night (an edit), or null. */
  readonly note: string | null;
  /** The story's paragraphs, in the order shown. */
  readonly paragraphs: readonly string[];
  /** The app's own words (in the page's language and direction), not a person's text. */
  readonly translated: boolean;
  /** `written`: the story its author wrote for this night; `readOffChart`: told from the trace. */
  readonly told: 'written' | 'readOffChart';
}

type ShownNight = Extract<Night, { kind: 'ok' }>;

/** The preset the story was written for, when the night on screen is no longer its night. */
function presetNightLeft(document: ScenarioDocument, source: string): string | null {
  const written = presetOfStory({ title: document.title ?? '', description: document.description ?? '' });
  const presetId = written?.id ?? (findPreset(source) ? source : null);
  return presetId !== null && isEditedPreset(document, presetId) ? presetId : null;
}

/**
 * The title an edited night goes by: its preset's, or, once its fencing is the fenced twin's
 * (switched after an edit), the twin's, so "(fencing off)" never names a night with fencing on.
 */
function editedNightTitle(t: TFunction, document: ScenarioDocument, presetId: string, title: string): string {
  const twinId = fencedTwinOf(presetId);
  if (twinId === undefined) return title;
  const twin = presetDocument(twinId);
  const fencing = (of: ScenarioDocument) => of.storage?.fencing ?? DEFAULT_STORAGE.fencing;
  if (fencing(twin) !== fencing(document)) return title;
  return nightStoryText(t, { title: twin.title ?? '', description: twin.description ?? '' }).title;
}

/** The tools whose found nights carry a story written in English, by document source, and the words naming each night. */
const FINDERS: Readonly<Record<string, 'toolbar.searchNight' | 'toolbar.verifiedNight'>> = {
  [FOUND_NIGHT_SOURCE]: 'toolbar.searchNight',
  [VERIFIED_NIGHT_SOURCE]: 'toolbar.verifiedNight',
};

/**
 * Pure but for `t` and the found nights remembered as opened: the story of `document` (from
 * `source`, the document store's), with `night` the night the chart shows and `language` the
 * interface's; null when there is none to tell (a file with no story).
 */
export function storyOnScreen(
  t: TFunction,
  document: ScenarioDocument,
  source: string,
  night: ShownNight | null,
  language: string,
): StoryOnScreen | null {
  const finder = Object.hasOwn(FINDERS, source) ? FINDERS[source] : undefined;
  const writtenHolds = language.startsWith('en') && isFoundNightAsOpened(document);
  if (night !== null && finder !== undefined && !writtenHolds) {
    return {
      title: t(finder),
      note: t('chart.story.foundFromChart'),
      paragraphs: [keyMomentStory(night.keyMoments, describeTimeline).join(' ')],
      translated: true,
      told: 'readOffChart',
    };
  }
  const written = nightStoryText(t, { title: document.title ?? '', description: document.description ?? '' });
  const title = written.title.trim() === '' ? t('chart.story.untitled') : written.title;
  const leftPreset = night === null ? null : presetNightLeft(document, source);
  if (night !== null && leftPreset !== null) {
    return {
      title: t('chart.story.editedTitle', { title: editedNightTitle(t, document, leftPreset, title) }),
      note: t('chart.story.edited'),
      paragraphs: [keyMomentStory(night.keyMoments, describeTimeline).join(' ')],
      translated: true,
      told: 'readOffChart',
    };
  }
  const text = written.description.trim();
  if (text === '') return null;
  return {
    title,
    note: null,
    paragraphs: text.split(/\r?\n\s*\r?\n|\r?\n/),
    translated: written.translated,
    told: 'written',
  };
}
