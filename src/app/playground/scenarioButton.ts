/**
 * What the Scenario menu's button says about the night on screen: a preset's title in the interface's language ("(edited)"
 * once the night differs from it), the night a link or the EX03 exercise opened, and during a
 * lesson the preset the step is built on with the lesson and step beside it (a step may turn
 * fencing on, so "(edited)" is said against the preset, never hidden), the night Find a failure
 * found. Only a night of unknown origin is an "Edited scenario". Pure apart from translation.
 */
import type { TFunction } from 'i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { LESSONS } from '../../presets/lessons';
import { EXERCISE_SOURCE } from '../exercise/ex03Night';
import { presetTitle } from '../i18n/presetText';
import { FOUND_NIGHT_SOURCE } from '../search/searchState';
import { VERIFIED_NIGHT_SOURCE } from '../verify/verifyState';
import { isEditedPreset } from './editedPreset';

export interface ScenarioButton {
  readonly text: string;
  /** Said after the text, quieter: "(edited)", "(lesson 5, step 6, edited)". */
  readonly note?: string;
  /** The preset the night is (or is built on), for the menu's current choice; null: none. */
  readonly presetId: string | null;
}

/** Where the source names a lesson (`lesson:l5`, lessonActions.ts), that lesson's number and open step. */
function lessonOf(source: string, open: { readonly id: string; readonly stepIndex: number } | null) {
  if (!source.startsWith('lesson:')) return null;
  const id = source.slice('lesson:'.length);
  const index = LESSONS.findIndex((lesson) => lesson.id === id);
  const lesson = LESSONS[index];
  if (!lesson) return null;
  const step = open?.id === id ? (lesson.steps[open.stepIndex] ?? null) : null;
  return { number: index + 1, step, stepNumber: (open?.stepIndex ?? 0) + 1 };
}

export function scenarioButton(
  t: TFunction,
  source: string,
  document: ScenarioDocument,
  openLesson: { readonly id: string; readonly stepIndex: number } | null,
): ScenarioButton {
  const preset = findPreset(source);
  if (preset) {
    const edited = isEditedPreset(document, preset.id);
    return { text: presetTitle(t, preset), note: edited ? t('picker.edited') : undefined, presetId: preset.id };
  }
  const lesson = lessonOf(source, openLesson);
  if (lesson) {
    const base = lesson.step ? findPreset(lesson.step.preset) : undefined;
    if (!base || !lesson.step) return { text: t('toolbar.lessonNight', { lesson: lesson.number }), presetId: null };
    const params = { lesson: lesson.number, step: lesson.stepNumber };
    const note = isEditedPreset(document, base.id)
      ? t('toolbar.lessonStepEdited', params)
      : t('toolbar.lessonStep', params);
    return { text: presetTitle(t, base), note, presetId: base.id };
  }
  if (source === 'link') return { text: t('toolbar.fromLink'), presetId: null };
  if (source === EXERCISE_SOURCE) return { text: t('toolbar.exerciseNight'), presetId: null };
  if (source.startsWith('explorer:')) return { text: t('toolbar.explorerNight'), presetId: null };
  // The night Find a failure opened is no one's edit.
  if (source === FOUND_NIGHT_SOURCE) return { text: t('toolbar.searchNight'), presetId: null };
  if (source === VERIFIED_NIGHT_SOURCE) return { text: t('toolbar.verifiedNight'), presetId: null };
  return { text: t('toolbar.custom'), presetId: null };
}
