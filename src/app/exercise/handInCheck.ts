/**
 * What an instructor will see of an EX03 hand-in, worked out before the file is saved, by the
 * grader's own checks (`leaseline grade`: the checklist off the night, sim/readings
 * ex03Checklist; the flags, model/handInFacts): the steps the night does not show, a night
 * identical to a built-in preset, no explanation, no name. Pure.
 */
import { type HandInFlag, handInFlags } from '../../model/handInFacts';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Preset } from '../../presets/presetTypes';
import { type Ex03ItemId, ex03Checklist } from '../../sim/readings/ex03Checklist';
import { nightOf } from '../state/night';
import { EXERCISE_ID } from './ex03Night';

/** One thing the instructor's grade will show against the hand-in. */
export type HandInWarning =
  | { readonly kind: 'identicalToPreset'; readonly presetId: string }
  | {
      readonly kind: 'stepsMissing';
      readonly done: number;
      readonly total: number;
      readonly missing: readonly Ex03ItemId[];
    }
  | { readonly kind: 'noNight' }
  | { readonly kind: 'notExercise' }
  | { readonly kind: 'noExplanation' }
  | { readonly kind: 'noName' };

export interface HandInCheck {
  /** Shown steps out of the six (the grader's `complete` or `partial (done/total)`). */
  readonly done: number;
  readonly total: number;
  /** Most serious first: a copy of a preset, then the steps, then what is left unwritten. */
  readonly warnings: readonly HandInWarning[];
}

function flagWarning(flag: HandInFlag): HandInWarning {
  return flag.kind === 'identicalToPreset' ? { kind: 'identicalToPreset', presetId: flag.preset } : flag;
}

/** The hand-in `document` would be, signed `name`, as the grader will read it. */
export function handInCheck(document: ScenarioDocument, name: string, presets: readonly Preset[]): HandInCheck {
  const night = nightOf(document);
  const warnings: HandInWarning[] = [];
  let done = 0;
  let total = 0;
  if (night.kind === 'ok') {
    const checklist = ex03Checklist(night.scenario, night.trace);
    total = checklist.items.length;
    done = checklist.items.filter((item) => item.done).length;
    const flags = handInFlags(document, night.scenario, presets, EXERCISE_ID).map(flagWarning);
    warnings.push(...flags.filter((flag) => flag.kind === 'identicalToPreset'));
    if (!checklist.complete) {
      const missing = checklist.items.filter((item) => !item.done).map((item) => item.id);
      warnings.push({ kind: 'stepsMissing', done, total, missing });
    }
    warnings.push(...flags.filter((flag) => flag.kind !== 'identicalToPreset'));
  } else {
    warnings.push({ kind: 'noNight' });
  }
  if (name.trim() === '') warnings.push({ kind: 'noName' });
  return { done, total, warnings };
}
