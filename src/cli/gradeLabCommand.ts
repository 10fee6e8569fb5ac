/**
 * `leaseline grade lab FILE... [--csv] [--deadline-ms MS]`: each LAB1 hand-in's worker put
 * through the course's acceptance test (lab/gradeLabWorker.ts), one after the other, on one
 * embedded PostgreSQL started for the run (a fresh database per worker). Asynchronous, so
 * main.ts starts it, as it starts `lab`. Exit 0 when every file was graded (pass or fail:
 * grading is not judging), 2 when any was invalid or the database could not start.
 */
import { startEmbeddedPostgres } from '../lab/embeddedPostgres';
import { gradeLabWorker, type LabGrade } from '../lab/gradeLabWorker';
import { type CliIo, EXIT_INVALID, EXIT_OK } from './cliContext';
import { formatLabCsv, formatLabText, type LabOutcome, labInvalidReason, labVerdict } from './formatLabGrade';
import {
  collectExerciseFiles,
  firstProblem,
  type LoadedHandIn,
  loadExerciseHandIn,
  reportLoadProblems,
} from './handInLoads';
import { insideWorkerFolder, workerFolderOf, workerFoldersOf } from './labWorkerFolders';
import { plainText } from './plainText';

/** The lab's own deadline (docs/lab.md): a hung worker costs this long, then is named as hung. */
export const GRADE_LAB_DEADLINE_MS = 60_000;

export interface GradeLabOptions {
  readonly operands: readonly string[];
  readonly csv: boolean;
  readonly deadlineMs: number;
  readonly signal?: AbortSignal;
}

/** The exit status after Ctrl+C or SIGTERM, as `leaseline lab`'s. */
export const EXIT_INTERRUPTED = 130;

/** A class's PostgreSQL: where each worker gets a database of its own. */
export interface LabServer {
  readonly url: string;
  stop(): Promise<void>;
}

export const openLabServer = async (): Promise<LabServer> => startEmbeddedPostgres();

/** What `gradeLabLoads` answers when its signal was aborted (Ctrl+C): nothing is graded. */
export const LAB_INTERRUPTED = 'interrupted';

/** How the class's workers are run. */
export interface LabRunOptions {
  readonly deadlineMs: number;
  readonly openServer: () => Promise<LabServer>;
  /** Ctrl+C: the worker running is stopped, its folder removed, and no other is started. */
  readonly signal?: AbortSignal;
}

/** Grades loaded hand-ins one after the other; a string when the database could not start. */
export async function gradeLabLoads(
  io: CliIo,
  loads: readonly LoadedHandIn[],
  options: LabRunOptions,
): Promise<LabOutcome[] | string> {
  let server: LabServer | null = null;
  try {
    const outcomes: LabOutcome[] = [];
    for (const [index, loaded] of loads.entries()) {
      if (!loaded.ok || loaded.document.exercise !== 'lab1') {
        outcomes.push({
          kind: 'invalid',
          file: loaded.file,
          reason: loaded.ok ? 'not LAB1' : firstProblem(loaded.errors),
        });
        continue;
      }
      const { folder, command } = loaded.document.answer;
      const place = workerFolderOf(loaded.file, folder);
      if (place === null) {
        outcomes.push({
          kind: 'invalid',
          file: loaded.file,
          reason: `answer.folder: ${plainText(folder)} is outside the hand-in's folder; give a folder beside the hand-in file`,
        });
        continue;
      }
      if (server === null) {
        try {
          server = await options.openServer();
        } catch (error) {
          return `cannot start the database the lab runs on: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      if (options.signal?.aborted) return LAB_INTERRUPTED;
      io.stderr(`leaseline: grade lab: ${plainText(loaded.file)} (${index + 1} of ${loads.length})...\n`);
      let grade: LabGrade;
      try {
        grade = await gradeLabWorker(place, command, {
          serverUrl: server.url,
          deadlineMs: options.deadlineMs,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        });
      } catch (error) {
        if (options.signal?.aborted) return LAB_INTERRUPTED;
        throw error;
      }
      outcomes.push({
        kind: 'graded',
        file: loaded.file,
        document: loaded.document,
        grade,
      });
    }
    return outcomes;
  } finally {
    await server?.stop();
  }
}

/** Runs `grade lab`; returns the exit status. */
export async function runGradeLab(io: CliIo, options: GradeLabOptions): Promise<number> {
  const { files, notices } = collectExerciseFiles(io, options.operands, 'lab1');
  for (const notice of notices) io.stderr(`leaseline: ${plainText(notice)}\n`);
  const named = new Set(options.operands);
  const all = files.map((file) => loadExerciseHandIn(io, file, 'lab1'));
  // A worker's own files (its package.json) are not hand-ins: passed over unless named.
  const folders = workerFoldersOf(all);
  const loads = all.filter(
    (loaded) => loaded.ok || named.has(loaded.file) || !insideWorkerFolder(loaded.file, folders),
  );
  reportLoadProblems(io, loads);
  const outcomes = await gradeLabLoads(io, loads, {
    deadlineMs: options.deadlineMs,
    openServer: openLabServer,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (outcomes === LAB_INTERRUPTED && options.signal?.aborted) return EXIT_INTERRUPTED;
  if (typeof outcomes === 'string') {
    io.stderr(`leaseline: ${plainText(outcomes)}\n`);
    return EXIT_INVALID;
  }
  io.stdout(options.csv ? formatLabCsv(outcomes) : formatLabText(outcomes));
  const invalid = outcomes.some((outcome) => labInvalidReason(outcome) !== null || labVerdict(outcome) === 'invalid');
  return files.length === 0 || invalid ? EXIT_INVALID : EXIT_OK;
}
