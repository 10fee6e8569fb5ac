/**
 * LAB1 graded (docs/grading.md, `grade lab`): the course's acceptance test, `leaseline lab
 * --worker`, run on one student's worker in a folder of its own (workerFolder.ts), on a fresh
 * database of the class's PostgreSQL, within a time limit, with what it printed kept. Pass when
 * the lab says SAFE: the test happened, every step observed, nothing applied twice.
 */
import { LabError, messageOf } from './labDatabase';
import { DEFAULT_LAB_OPTIONS } from './labOptions';
import type { LabReport } from './labReport';
import { runLab } from './runLab';
import { prepareWorkerFolder } from './workerFolder';

/** Lines of output kept per replica (the last ones). */
export const OUTPUT_LINES_KEPT = 20;
const OUTPUT_LINE_CHARS_MAX = 400;

/** Why a worker failed, in the grader's words. */
export type LabFailure = 'unsafe' | 'not tested' | 'crashed';

export type LabGrade =
  | { readonly kind: 'pass'; readonly says: string; readonly output: WorkerOutput; readonly report: LabReport }
  | {
      readonly kind: 'fail';
      readonly failure: LabFailure;
      readonly says: string;
      readonly output: WorkerOutput;
      readonly report: LabReport | null;
    }
  /** The worker could not be set up at all (its folder is missing, too big, not an archive). */
  | { readonly kind: 'invalid'; readonly says: string };

/** The last lines each replica wrote, standard output and error as they came. */
export type WorkerOutput = Readonly<Record<string, readonly string[]>>;

export interface LabGradeOptions {
  /** The class's PostgreSQL: each worker gets a fresh database on it, dropped afterwards. */
  readonly serverUrl: string;
  /** Real milliseconds after which every worker is stopped and the night judged (the lab's deadline). */
  readonly deadlineMs: number;
  /** Aborting (Ctrl+C) stops the worker at once; the grade then throws the lab's `interrupted`. */
  readonly signal?: AbortSignal;
}

/** Runs the acceptance test on the worker in `folder` started by `command`. */
export async function gradeLabWorker(folder: string, command: string, options: LabGradeOptions): Promise<LabGrade> {
  const place = await prepareWorkerFolder(folder);
  if (typeof place === 'string') return { kind: 'invalid', says: place };
  const lines = new Map<string, string[]>();
  const keep = (replica: string, line: string) => {
    const kept = lines.get(replica) ?? [];
    kept.push(line.length > OUTPUT_LINE_CHARS_MAX ? `${line.slice(0, OUTPUT_LINE_CHARS_MAX)}…` : line);
    if (kept.length > OUTPUT_LINES_KEPT) kept.shift();
    lines.set(replica, kept);
  };
  const output = () => Object.fromEntries([...lines.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  try {
    const { report } = await runLab(
      { ...DEFAULT_LAB_OPTIONS, db: options.serverUrl, worker: command, deadlineMs: options.deadlineMs },
      {
        workerPlace: { cwd: place.cwd, baseEnv: place.baseEnv },
        onWorkerOutput: keep,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
    );
    return gradeOf(report, output());
  } catch (error) {
    if (!(error instanceof LabError) || options.signal?.aborted) throw error;
    return { kind: 'fail', failure: 'crashed', says: messageOf(error), output: output(), report: null };
  } finally {
    await place.dispose();
  }
}

function gradeOf(report: LabReport, output: WorkerOutput): LabGrade {
  if (report.verdict === 'safe')
    return {
      kind: 'pass',
      says: 'no order applied twice, no stale token accepted; the acceptance test happened, every step observed',
      output,
      report,
    };
  if (report.verdict === 'unsafe') return { kind: 'fail', failure: 'unsafe', says: unsafeSays(report), output, report };
  return {
    kind: 'fail',
    failure: 'not tested',
    says: `the acceptance test did not happen: ${report.acceptance.missing.join('; ')}`,
    output,
    report,
  };
}

/** The violations the lab found, as its report words them (`order 1003 applied twice`). */
function unsafeSays(report: LabReport): string {
  const found = report.violations.map((violation) => violation.message);
  return found.length === 0 ? 'something was applied twice' : [...new Set(found)].join('; ');
}
