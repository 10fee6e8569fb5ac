/**
 * `leaseline grade module FOLDER [--csv|--html] [--quiz FILE.csv] [--marks FILE.csv]`: the class's module report,
 * one row per student (moduleClass.ts, gradeModule.ts). Asynchronous (EX04's PostgreSQL, one
 * for the whole class, and LAB1's workers on another), so main.ts starts it through gradeAsyncCommand.ts. Exit 0 when every
 * hand-in could be read, 2 when any was invalid, the folder or quiz file could not be read, or
 * the database could not start.
 */
import type { Ex04Grader } from '../lab/ex04Grader';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { formatModuleCsv, formatModuleText } from './formatModule';
import { EXIT_INTERRUPTED, LAB_INTERRUPTED } from './gradeLabCommand';
import { gradeModule, MODULE_COLUMNS, type ModuleLabRun } from './gradeModule';
import { reportLoadProblems } from './handInLoads';
import { collectClass } from './moduleClass';
import { parseMarksCsv } from './moduleMarks';
import { modulePage } from './modulePage';
import { parseQuizCsv } from './moduleQuiz';
import { plainText } from './plainText';

export interface GradeModuleOptions {
  readonly folder: string;
  readonly output: 'text' | 'csv' | 'html';
  /** The instructor's quiz scores (CSV), or undefined. */
  readonly quiz?: string;
  /** The instructor's marks of EX01, EX02 and EX06 (CSV), or undefined. */
  readonly marks?: string;
  readonly openGrader: () => Promise<Ex04Grader>;
  /** LAB1's runs: the class's PostgreSQL and the lab's deadline. */
  readonly lab: ModuleLabRun;
}

/** Runs `grade module`; returns the exit status. */
export async function runGradeModule(context: CliContext, options: GradeModuleOptions): Promise<number> {
  const { io } = context;
  const quiz = readInstructorFile(io, 'quiz', options.quiz, parseQuizCsv);
  const marks = readInstructorFile(io, 'marks', options.marks, parseMarksCsv);
  if (quiz === undefined || marks === undefined) return EXIT_INVALID;
  const found = collectClass(context, options.folder);
  if (found === null) {
    io.stderr(`leaseline: ${plainText(options.folder)} is not a folder; grade module reads a class folder\n`);
    return EXIT_INVALID;
  }
  for (const notice of found.notices) io.stderr(`leaseline: ${plainText(notice)}\n`);
  // Every problem of every file on stderr, as the single-exercise graders print them.
  reportLoadProblems(
    io,
    found.students.flatMap((student) =>
      student.files.flatMap((file) => (file.exercise === 'ex03' ? [] : [file.loaded])),
    ),
  );
  if (found.students.length === 0) {
    io.stderr(`leaseline: ${plainText(options.folder)}: no student folders or hand-ins found\n`);
    return EXIT_INVALID;
  }
  const report = await gradeModule(context, found.students, {
    quiz,
    marks,
    openGrader: options.openGrader,
    lab: options.lab,
  });
  if (report === LAB_INTERRUPTED && options.lab.signal?.aborted) return EXIT_INTERRUPTED;
  if (typeof report === 'string') {
    io.stderr(`leaseline: ${plainText(report)}\n`);
    return EXIT_INVALID;
  }
  const format = { text: formatModuleText, csv: formatModuleCsv, html: modulePage }[options.output];
  io.stdout(format(report));
  const invalid = report.rows.some((row) => MODULE_COLUMNS.some((column) => row.cells[column].status === 'invalid'));
  return invalid ? EXIT_INVALID : EXIT_OK;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * One of the instructor's CSV files (`--quiz`, `--marks`): null when not given, undefined when
 * it cannot be read (said on stderr); each row it could not read is said on stderr too.
 */
function readInstructorFile<T extends { readonly problems: readonly string[] }>(
  io: CliContext['io'],
  kind: 'quiz' | 'marks',
  path: string | undefined,
  parse: (text: string) => T,
): T | null | undefined {
  if (path === undefined) return null;
  let parsed: T;
  try {
    parsed = parse(io.readFile(path));
  } catch (error) {
    io.stderr(`leaseline: cannot read the ${kind} file ${plainText(path)}: ${errorText(error)}\n`);
    return undefined;
  }
  for (const problem of parsed.problems) io.stderr(`${plainText(path)}: ${plainText(problem)}\n`);
  return parsed;
}
