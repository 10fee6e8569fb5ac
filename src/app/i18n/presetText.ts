/**
 * The built-in presets' titles and stories in the interface's language. A preset file is
 * written in English; other languages give its title and story in the `presets` namespace.
 * Text is translated only where it is the preset's own (the menu's entries, and a night whose
 * title and story are word for word a preset's): a person's own file says what its author
 * wrote, in whatever language.
 */
import type { TFunction } from 'i18next';
import { PRESETS } from '../../presets/catalogue';
import type { Preset } from '../../presets/presetTypes';
import { ADDED_EVENT_LABEL, VERIFY_EVENT_LABEL } from '../../search/foundEventLabels';
import { ex03Night } from '../exercise/ex03Night';
import { isolateSentence } from './bidi';
import { localDigitsInText } from './digits';
import { PRESETS_NS } from './index';

/** A preset's translated field: its title, its story, or one event's label (`labels.<event id>`). */
type Field = 'title' | 'description' | `labels.${string}`;

/**
 * Pure but for `t` and the digit setting: the preset's `field` in t's language, or `english`
 * when it has none, with its numbers and times in the chosen digits (the app's own words).
 */
function translated(t: TFunction, presetId: string, field: Field, english: string): string {
  // Preset ids are dynamic keys in a namespace without a typed schema.
  const untyped = t as unknown as (key: string, options: object) => string;
  return localDigitsInText(untyped(`${presetId}.${field}`, { ns: PRESETS_NS, defaultValue: english }));
}

/** A preset's title as the menus show it. */
export function presetTitle(t: TFunction, preset: Pick<Preset, 'id' | 'title'>): string {
  return translated(t, preset.id, 'title', preset.title);
}

interface Story {
  readonly title: string;
  readonly description: string;
}

/** A story as shown, and whether it is the app's own words in the interface's language. */
export interface ShownStory extends Story {
  readonly translated: boolean;
}

const descriptionOf = (preset: Preset): string => {
  const document = preset.document as { description?: unknown };
  return typeof document.description === 'string' ? document.description : '';
};

/**
 * The story of the night shown: a preset's own title and story (matched word for word, so a
 * lesson's or an edited night's copy of them counts) in t's language; anything else as written.
 */
export function nightStoryText(t: TFunction, story: Story): ShownStory {
  const preset = presetOfStory(story);
  if (preset === undefined) return exerciseStoryText(t, story);
  return {
    title: translated(t, preset.id, 'title', story.title),
    description: translated(t, preset.id, 'description', story.description),
    translated: true,
  };
}

/** The preset whose own title and story these are, word for word, or undefined. */
export function presetOfStory(story: Story): Preset | undefined {
  return PRESETS.find((candidate) => candidate.title === story.title && descriptionOf(candidate) === story.description);
}

const EXERCISE_NIGHT = ex03Night();

/** The EX03 night's own title and story (the empty night the exercise starts from), translated. */
function exerciseStoryText(t: TFunction, story: Story): ShownStory {
  if (story.title !== EXERCISE_NIGHT.title || story.description !== EXERCISE_NIGHT.description)
    return { ...story, translated: false };
  return {
    title: localDigitsInText(t('exerciseNight.title')),
    description: localDigitsInText(t('exerciseNight.description')),
    translated: true,
  };
}

/** Which preset an event label belongs to, by its event id and English words. */
const PRESET_OF_EVENT_LABEL = new Map<string, string>();
for (const preset of PRESETS) {
  const events = (preset.document as { events?: readonly { id?: unknown; label?: unknown }[] }).events ?? [];
  for (const event of events) {
    if (typeof event.id !== 'string' || typeof event.label !== 'string') continue;
    const key = `${event.id}\n${event.label}`;
    if (!PRESET_OF_EVENT_LABEL.has(key)) PRESET_OF_EVENT_LABEL.set(key, preset.id);
  }
}

interface LabelledEvent {
  readonly id?: unknown;
  readonly label?: unknown;
}

/** The labels a tool gives the events it adds to a night it found, and their words in the interface's language. */
const FOUND_EVENT_LABELS: ReadonlyMap<string, 'chart.foundEventLabel.search' | 'chart.foundEventLabel.verify'> =
  new Map([
    [ADDED_EVENT_LABEL, 'chart.foundEventLabel.search'],
    [VERIFY_EVENT_LABEL, 'chart.foundEventLabel.verify'],
  ]);

/**
 * The events as the chart shows them: a label that is a preset's own (the same event id and
 * the same English words, so a dragged or lesson copy counts) or a tool's (Find a failure's,
 * Check every night's, on the events it added) in t's language; any other label as its author
 * wrote it. The same array comes back when nothing changes.
 */
export function eventsWithShownLabels<E extends LabelledEvent>(t: TFunction, events: readonly E[]): readonly E[] {
  let changed = false;
  const shown = events.map((event) => {
    if (typeof event.label !== 'string') return event;
    const found = FOUND_EVENT_LABELS.get(event.label);
    const presetId =
      typeof event.id === 'string' ? PRESET_OF_EVENT_LABEL.get(`${event.id}\n${event.label}`) : undefined;
    let label = event.label;
    if (presetId !== undefined) label = translated(t, presetId, `labels.${event.id}`, event.label);
    else if (found !== undefined) {
      // One isolate in the chart's left-to-right SVG, so the Arabic words keep their quotes in place.
      const words = localDigitsInText(t(found));
      if (words !== event.label) label = isolateSentence(words);
    }
    if (label === event.label) return event;
    changed = true;
    return { ...event, label };
  });
  return changed ? shown : events;
}
