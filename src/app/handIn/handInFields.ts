/**
 * Which fields each exercise's hand-in dialog asks for, in order, with the `answer` key each
 * fills (handInFileSchema.ts): the dialog draws them and matches the loader's errors to them
 * by that key. Pure data.
 */
import type { HandInExercise } from '../../model/handInFileSchema';

export interface HandInFieldSpec {
  /** The key under `answer` in the file. */
  readonly key: string;
  /** `line`: one line; `text`: a paragraph; `code`: monospace text (SQL). */
  readonly kind: 'line' | 'text' | 'code';
  readonly optional: boolean;
}

const field = (key: string, kind: HandInFieldSpec['kind'], optional = false): HandInFieldSpec => ({
  key,
  kind,
  optional,
});

export const HAND_IN_FIELDS: Readonly<Record<HandInExercise, readonly HandInFieldSpec[]>> = {
  ex01: [field('text', 'text')],
  ex02: [field('text', 'text')],
  ex04: [field('sql', 'code'), field('text', 'text', true)],
  ex05: [field('lockAtMostFor', 'line'), field('lockAtLeastFor', 'line'), field('text', 'text')],
  ex06: [field('text', 'text')],
  lab1: [field('folder', 'line'), field('command', 'line')],
};

/**
 * The field an error's JSON path concerns (`student`, or an answer key), or null for the
 * document as a whole. Paths come as `answer.sql`, `$.answer.sql` or `answer.night.…`. Pure.
 */
export function fieldOfPath(path: string): string | null {
  const bare = path.replace(/^\$\.?/, '');
  if (bare === 'student') return 'student';
  const match = /^answer\.([A-Za-z0-9]+)/.exec(bare);
  return match?.[1] ?? null;
}
