/**
 * Reading hand-in files (model/loadHandInFile.ts) for one exercise's `grade`: each file loaded,
 * refused by name when it is another exercise's, with its warnings, errors on stderr as
 * `file: path: message` (the scenario files' style), the run going on. Shared by the graders
 * of EX04, EX05, LAB1 and the module report.
 */
import type { HandInExercise } from '../model/handInFileSchema';
import { HAND_IN_TEXT_CHARS_MAX, type HandInLoad, loadHandInFileText } from '../model/loadHandInFile';
import type { ScenarioError } from '../model/scenarioError';
import type { CliIo } from './cliContext';
import { collectHandInFiles } from './handInFiles';
import { plainText } from './plainText';
import { printScenarioErrors, printScenarioWarnings } from './readScenarioFile';

export type LoadedHandIn = { readonly file: string } & HandInLoad;

/** Loads `file` as a hand-in; never throws. */
export function loadHandInFromDisk(io: CliIo, file: string): LoadedHandIn {
  let bytes: Uint8Array;
  try {
    bytes = io.readBytes(file, 4 * HAND_IN_TEXT_CHARS_MAX);
  } catch (error) {
    const message = `cannot read the file: ${error instanceof Error ? error.message : String(error)}`;
    return { file, ok: false, errors: [{ source: file, path: '$', message }], warnings: [] };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const message = 'it is not UTF-8 text; a hand-in file is JSON';
    return { file, ok: false, errors: [{ source: file, path: '$', message }], warnings: [] };
  }
  return { file, ...loadHandInFileText(text, file) };
}

/** Loads `file` for `exercise`: another exercise's hand-in is refused by name. */
export function loadExerciseHandIn(io: CliIo, file: string, exercise: HandInExercise): LoadedHandIn {
  const loaded = loadHandInFromDisk(io, file);
  if (!loaded.ok || loaded.document.exercise === exercise) return loaded;
  const message = `this is an ${loaded.document.exercise.toUpperCase()} hand-in, not ${exercise.toUpperCase()}`;
  return { file, ok: false, errors: [{ source: file, path: 'exercise', message }], warnings: loaded.warnings };
}

/** Every error and warning of the loads on stderr, control characters escaped. */
export function reportLoadProblems(io: CliIo, loads: readonly LoadedHandIn[]): void {
  for (const loaded of loads) {
    if (!loaded.ok) printScenarioErrors(io, loaded.errors.map(plainError));
    printScenarioWarnings(io, loaded.warnings);
  }
}

/** The first error as `path: message` and how many more, for a one-line verdict. */
export function firstProblem(errors: readonly ScenarioError[]): string {
  const [first] = errors;
  if (first === undefined) return 'not a hand-in';
  const text = first.path === '$' || first.path === '' ? first.message : `${first.path}: ${first.message}`;
  const more = errors.length - 1;
  return plainText(more > 0 ? `${text} (and ${more} more problems)` : text);
}

function plainError(error: ScenarioError): ScenarioError {
  return { source: plainText(error.source), path: plainText(error.path), message: plainText(error.message) };
}

/**
 * The files of `operands` for one exercise's `grade`: a FILE named on the command line is
 * graded whatever it holds (another exercise's is invalid, by name), but in a folder the other
 * exercises' hand-ins are passed over (a student's folder holds all of them), and counted.
 */
export function collectExerciseFiles(
  io: CliIo,
  operands: readonly string[],
  exercise: HandInExercise,
): { readonly files: readonly string[]; readonly notices: readonly string[] } {
  const { files, notices } = collectHandInFiles(io, operands);
  const named = new Set(operands);
  let skipped = 0;
  const kept = files.filter((file) => {
    if (named.has(file)) return true;
    const loaded = loadHandInFromDisk(io, file);
    const other = loaded.ok ? loaded.document.exercise !== exercise : isOtherExercise(file, exercise);
    if (other) skipped += 1;
    return !other;
  });
  const note = skipped === 0 ? [] : [`${skipped} other exercises' hand-ins in the folders were passed over`];
  return { files: kept, notices: [...notices, ...note] };
}

/** A file that does not load is still another exercise's when its name says so (`ex05-...`). */
function isOtherExercise(file: string, exercise: string): boolean {
  const name = file.split(/[\\/]/).pop() ?? file;
  const prefix = /^(ex0[1-6]|lab1)-/i.exec(name)?.[1]?.toLowerCase();
  return prefix !== undefined && prefix !== exercise;
}
