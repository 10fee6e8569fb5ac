/**
 * The scenario of a tour step: its preset's document with the step's edits applied. Cached per
 * step, so going back and forth between steps gives the very same document object (the night
 * cache, state/night.ts, is keyed on it, and the undo history does not grow on a revisit).
 */
import { applyEdits } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { LessonStep } from '../../presets/lessons';

const cache = new WeakMap<LessonStep, ScenarioDocument>();

/** Pure apart from the cache. Throws for a preset that does not exist (the golden test checks). */
export function stepDocument(step: LessonStep): ScenarioDocument {
  const cached = cache.get(step);
  if (cached) return cached;
  const preset = findPreset(step.preset);
  if (!preset) throw new Error(`lesson step ${step.id}: no preset ${step.preset}`);
  const document = applyEdits(preset.document as ScenarioDocument, step.edits ?? []);
  cache.set(step, document);
  return document;
}
