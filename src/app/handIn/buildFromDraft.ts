/**
 * A draft (handInDraft.ts) turned into a hand-in file by the model's builders, so the dialog
 * shows exactly the problems the grader's loader finds. Pure: the date and the night on
 * screen are the caller's.
 */
import {
  type BuiltHandIn,
  buildEx04HandIn,
  buildEx05HandIn,
  buildEx06HandIn,
  buildLabHandIn,
  buildWrittenHandIn,
} from '../../model/buildHandIn';
import type { HandInExercise } from '../../model/handInFileSchema';
import type { HandInDraft } from './handInDraft';

export interface DraftContext {
  readonly student: string;
  /** `YYYY-MM-DD`, from the app's clock. */
  readonly date: string;
  /** The night on screen, for EX06's "Attach the night on screen". */
  readonly night: Record<string, unknown>;
}

/** Builds `exercise`'s file from what was typed. Pure. */
export function buildFromDraft(exercise: HandInExercise, draft: HandInDraft, context: DraftContext): BuiltHandIn {
  const author = { student: context.student, date: context.date };
  const value = (key: string) => draft.fields[key] ?? '';
  switch (exercise) {
    case 'ex01':
    case 'ex02':
      return buildWrittenHandIn(exercise, author, value('text'));
    case 'ex04':
      // An empty sentence is left out: it is optional, and the loader refuses only a blank SQL text.
      return buildEx04HandIn(author, value('sql'), value('text').trim() === '' ? undefined : value('text'));
    case 'ex05':
      return buildEx05HandIn(author, {
        lockAtMostFor: value('lockAtMostFor').trim(),
        lockAtLeastFor: value('lockAtLeastFor').trim(),
        text: value('text'),
      });
    case 'ex06':
      return buildEx06HandIn(author, value('text'), draft.attachNight ? context.night : undefined);
    case 'lab1':
      return buildLabHandIn(author, value('folder').trim(), value('command'));
  }
}

/** The local calendar day as `YYYY-MM-DD`. Pure (the caller passes `new Date()`). */
export function calendarDay(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}
