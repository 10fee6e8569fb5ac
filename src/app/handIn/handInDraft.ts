/**
 * What a student has typed into a hand-in dialog, kept in the UI store for the session so a
 * draft survives closing and reopening the dialog. It is UI state, never the scenario: it does
 * not go into the undo history. Types and pure helpers only.
 */
import type { HandInExercise } from '../../model/handInFileSchema';

/** One exercise's answer fields as typed (keys are the hand-in file's `answer` keys). */
export interface HandInDraft {
  readonly fields: Readonly<Record<string, string>>;
  /** EX06 only: attach the night on screen as the student's fixed design (off by default). */
  readonly attachNight: boolean;
}

/** Every exercise's draft, and the name last typed into any hand-in dialog. */
export interface HandInDrafts {
  readonly student: string;
  readonly byExercise: Readonly<Partial<Record<HandInExercise, HandInDraft>>>;
}

// Types only: the UI store (first load) imports this file, the values live with the dialog.
