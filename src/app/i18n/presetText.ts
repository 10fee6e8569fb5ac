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
import { ex03Night } from '../exercise/ex03Night';
import { PRESETS_NS } from './index';

type Field = 'title' | 'description';

/** Pure but for `t`: the preset's `field` in t's language, or `english` when it has none. */
function translated(t: TFunction, presetId: string, field: Field, english: string): string {
  // Preset ids are dynamic keys in a namespace without a typed schema.
  const untyped = t as unknown as (key: string, options: object) => string;
  return untyped(`${presetId}.${field}`, { ns: PRESETS_NS, defaultValue: english });
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
  const preset = PRESETS.find(
    (candidate) => candidate.title === story.title && descriptionOf(candidate) === story.description,
  );
  if (preset === undefined) return exerciseStoryText(t, story);
  return {
    title: translated(t, preset.id, 'title', story.title),
    description: translated(t, preset.id, 'description', story.description),
    translated: true,
  };
}

const EXERCISE_NIGHT = ex03Night();

/** The EX03 night's own title and story (the empty night the exercise starts from), translated. */
function exerciseStoryText(t: TFunction, story: Story): ShownStory {
  if (story.title !== EXERCISE_NIGHT.title || story.description !== EXERCISE_NIGHT.description)
    return { ...story, translated: false };
  return { title: t('exerciseNight.title'), description: t('exerciseNight.description'), translated: true };
}
