/**
 * Lessons as guided tours (docs/model.md §10): pure data. A lesson is a list of steps; a step is
 * a scenario (a preset, optionally with edits on top), where to put the playhead, what to
 * point at, a caption, and optionally a question to predict before the outcome is shown.
 * The right answer is never written here: it is measured on the simulated night
 * (src/app/lessons/measure.ts), and a golden test pins what each measure gives.
 *
 * Times are times of night in the scenario file's notation (`"02:07:50"`); captions and
 * questions are i18n keys (the titles in src/app/i18n/en.lessons.json, the steps' text in
 * en.lessonSteps.json).
 */
import type { ScenarioEdit } from '../../model/scenarioEdit';
import type { CourseVerifyStep } from '../verifySteps';

export type TimeOfNight = string;

/** A write: the `nth` (1-based, default 1) write of `order` that `replica` sent. */
export interface WriteRef {
  readonly replica: string;
  readonly order: number;
  readonly nth?: number;
}

/** Something on the timeline to point at. */
export type LessonMark =
  | ({ readonly kind: 'write' } & WriteRef)
  /** The `nth` (1-based, default 1) grant of the lock to `replica`. */
  | { readonly kind: 'grant'; readonly replica: string; readonly nth?: number }
  /** A document event by its `id` (e.g. the pause `p1`). */
  | { readonly kind: 'event'; readonly id: string }
  /** A whole lane: a replica id, `lock` or `storage`. */
  | { readonly kind: 'lane'; readonly id: string };

/**
 * What a prediction asks about, measured on the night. Each measure gives a string:
 * `writeResult`: `accepted`, `stale`, `duplicate` or `notSent`;
 * `timesApplied`: how many accepted writes the order got (`"1"`, `"3"`);
 * `firstGrant`: the second of the replica's first grant at or after `after` (`"02:30:10"`) or `never`;
 * `verdict`: `safe` or `unsafe` (docs/scenario-format.md's `safe`).
 */
export type Measure =
  | { readonly kind: 'writeResult'; readonly write: WriteRef }
  | { readonly kind: 'timesApplied'; readonly order: number }
  | { readonly kind: 'firstGrant'; readonly replica: string; readonly after?: TimeOfNight }
  | { readonly kind: 'verdict' };

export interface Prediction {
  /** i18n key of the question. */
  readonly question: string;
  readonly measure: Measure;
  /** The choices, in order; the viewer picks one with key 1, 2, 3... Exactly one must match. */
  readonly answers: readonly string[];
  /** Until the viewer predicts, the night from this moment on is behind a curtain. */
  readonly hideFrom: TimeOfNight;
  /** i18n key of what the reveal explains. */
  readonly reveal: string;
}

export interface LessonStep {
  /** Unique within the lesson, e.g. `s3`. */
  readonly id: string;
  /** A preset id (src/presets/catalogue.ts). */
  readonly preset: string;
  /** Edits applied to the preset's document (src/model/scenarioEdit.ts). */
  readonly edits?: readonly ScenarioEdit[];
  /** Where the playhead stands. */
  readonly playhead: TimeOfNight;
  /** The span shown; absent: the scenario's whole window. */
  readonly range?: { readonly from: TimeOfNight; readonly to: TimeOfNight };
  readonly marks?: readonly LessonMark[];
  /** i18n key of the caption. */
  readonly caption: string;
  readonly prediction?: Prediction;
  /**
   * A "Check every night" step: the player offers to check the step's night (the unsafe
   * design) within these bounds, then the fixed design. The caption states the bounds.
   */
  readonly verify?: CourseVerifyStep;
}

export interface Lesson {
  /** `l1` ... `l5`, used in links (`#lesson=l5&step=3`). */
  readonly id: string;
  /** docs/model.md §10 item, `L1` ... `L5`. */
  readonly curriculum: string;
  /** i18n key of the title. */
  readonly title: string;
  readonly steps: readonly LessonStep[];
}
