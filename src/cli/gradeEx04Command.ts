/**
 * `leaseline grade ex04 FILE... [--csv]`: each EX04 hand-in's statement run on the embedded
 * PostgreSQL against the exercise's cases (lab/ex04Grader.ts). Asynchronous (a real database),
 * so main.ts starts it, as it starts `lab`. The database is started only when some file is a
 * valid EX04 hand-in, and always stopped. Exit 0 when every file was graded (pass or fail:
 * grading is not judging), 2 when any was invalid or the database could not start.
 */
import type { Ex04Grader } from '../lab/ex04Grader';
import { type CliIo, EXIT_INVALID, EXIT_OK } from './cliContext';
import { type Ex04Outcome, formatEx04Csv, formatEx04Text } from './formatEx04Grade';
import {
  collectExerciseFiles,
  firstProblem,
  type LoadedHandIn,
  loadExerciseHandIn,
  reportLoadProblems,
} from './handInLoads';
import { plainText } from './plainText';

export interface GradeEx04Options {
  readonly operands: readonly string[];
  readonly csv: boolean;
  /** Opens the grader (its database); a parameter so the module report shares one. */
  readonly openGrader: () => Promise<Ex04Grader>;
}

/** Grades every file; the outcomes in the order found. Starts and stops the database. */
export async function gradeEx04Files(
  io: CliIo,
  files: readonly string[],
  openGrader: () => Promise<Ex04Grader>,
): Promise<Ex04Outcome[] | string> {
  const loads = files.map((file) => loadExerciseHandIn(io, file, 'ex04'));
  reportLoadProblems(io, loads);
  return gradeEx04Loads(loads, openGrader);
}

/** Grades loaded hand-ins (the module report loads them itself). */
export async function gradeEx04Loads(
  loads: readonly LoadedHandIn[],
  openGrader: () => Promise<Ex04Grader>,
): Promise<Ex04Outcome[] | string> {
  let grader: Ex04Grader | null = null;
  try {
    const outcomes: Ex04Outcome[] = [];
    for (const loaded of loads) {
      if (!loaded.ok || loaded.document.exercise !== 'ex04') {
        outcomes.push({
          kind: 'invalid',
          file: loaded.file,
          reason: loaded.ok ? 'not EX04' : firstProblem(loaded.errors),
        });
        continue;
      }
      if (grader === null) {
        try {
          grader = await openGrader();
        } catch (error) {
          return `cannot start the database EX04 runs on: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      outcomes.push({
        kind: 'graded',
        file: loaded.file,
        document: loaded.document,
        grade: await grader.grade(loaded.document.answer.sql),
      });
    }
    return outcomes;
  } finally {
    await grader?.close();
  }
}

/** Runs `grade ex04`; returns the exit status. */
export async function runGradeEx04(io: CliIo, options: GradeEx04Options): Promise<number> {
  const { files, notices } = collectExerciseFiles(io, options.operands, 'ex04');
  for (const notice of notices) io.stderr(`leaseline: ${plainText(notice)}\n`);
  const outcomes = await gradeEx04Files(io, files, options.openGrader);
  if (typeof outcomes === 'string') {
    io.stderr(`leaseline: ${plainText(outcomes)}\n`);
    return EXIT_INVALID;
  }
  io.stdout(options.csv ? formatEx04Csv(outcomes) : formatEx04Text(outcomes));
  return files.length === 0 || outcomes.some((outcome) => outcome.kind === 'invalid') ? EXIT_INVALID : EXIT_OK;
}
