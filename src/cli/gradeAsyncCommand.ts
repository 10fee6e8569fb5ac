/**
 * The `grade` sub-commands that run real processes: `ex04`, `lab` and `module` (a real PostgreSQL,
 * and for `lab` the students' workers). main.ts starts
 * them, as it starts `lab`, and imports this module only then (pg would slow every other
 * command's start). The command line is read here with the same rules as runCli's: one
 * sentence on stderr and exit 2 for a mistake.
 */
import { openEx04Grader } from '../lab/ex04Grader';
import { DEADLINE_MAX_MS, DEADLINE_MIN_MS } from '../lab/labOptions';
import { PRESETS } from '../presets/catalogue';
import { EXIT_INVALID } from './cliContext';
import { runGradeEx04 } from './gradeEx04Command';
import { GRADE_LAB_DEADLINE_MS, openLabServer, runGradeLab } from './gradeLabCommand';
import { runGradeModule } from './gradeModuleCommand';
import { nodeIo } from './nodeIo';
import { packageVersion } from './packageVersion';
import { simulatorEngine } from './simulatorEngine';

/** The `grade` exercises main.ts hands to this module. */
export const ASYNC_GRADED = ['ex04', 'lab', 'module'] as const;

/** `args` are those after `grade`; returns the exit status. */
export async function runGradeAsync(args: readonly string[]): Promise<number> {
  const [exercise, ...rest] = args;
  if (exercise === 'module') return gradeModuleArgs(rest);
  const operands: string[] = [];
  let csv = false;
  let deadlineMs = GRADE_LAB_DEADLINE_MS;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    const deadline = exercise === 'lab' ? deadlineArg(rest, i) : null;
    if (deadline !== null) {
      if (typeof deadline === 'string') return usage(deadline);
      deadlineMs = deadline.ms;
      i = deadline.next;
    } else if (arg === '--csv') csv = true;
    else if (arg.startsWith('--')) return usage(`grade ${exercise ?? ''} has no option ${arg}`);
    else operands.push(arg);
  }
  if (operands.length === 0) return usage('grade needs at least one FILE or folder');
  if (exercise === 'lab')
    return whileInterruptible((signal) => runGradeLab(nodeIo, { operands, csv, deadlineMs, signal }));
  return runGradeEx04(nodeIo, { operands, csv, openGrader: () => openEx04Grader() });
}

/** `grade module FOLDER [--csv|--html] [--quiz FILE.csv] [--marks FILE.csv] [--deadline-ms MS]`. */
function gradeModuleArgs(args: readonly string[]): Promise<number> | number {
  const operands: string[] = [];
  let output: 'text' | 'csv' | 'html' = 'text';
  let quiz: string | undefined;
  let marks: string | undefined;
  let deadlineMs = GRADE_LAB_DEADLINE_MS;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const deadline = deadlineArg(args, i);
    if (deadline !== null) {
      if (typeof deadline === 'string') return usage(deadline);
      deadlineMs = deadline.ms;
      i = deadline.next;
      continue;
    }
    if (arg === '--csv' || arg === '--html') {
      if (output !== 'text') return usage('grade module takes --csv or --html, not both');
      output = arg === '--csv' ? 'csv' : 'html';
    } else if (arg === '--quiz' || arg.startsWith('--quiz=')) {
      quiz = arg === '--quiz' ? args[++i] : arg.slice('--quiz='.length);
      if (quiz === undefined || quiz === '') return usage('--quiz needs a FILE.csv (student,score)');
    } else if (arg === '--marks' || arg.startsWith('--marks=')) {
      marks = arg === '--marks' ? args[++i] : arg.slice('--marks='.length);
      if (marks === undefined || marks === '') return usage('--marks needs a FILE.csv (student,ex01,ex02,ex06)');
    } else if (arg.startsWith('--')) return usage(`grade module has no option ${arg}`);
    else operands.push(arg);
  }
  const [folder, ...extra] = operands;
  if (folder === undefined || extra.length > 0) return usage('grade module needs one FOLDER (the class)');
  const context = { io: nodeIo, engine: simulatorEngine, presets: PRESETS, version: packageVersion() };
  return whileInterruptible((signal) =>
    runGradeModule(context, {
      folder,
      output,
      ...(quiz === undefined ? {} : { quiz }),
      ...(marks === undefined ? {} : { marks }),
      openGrader: () => openEx04Grader(),
      lab: { openServer: openLabServer, deadlineMs, signal },
    }),
  );
}

/**
 * Runs `work` with Ctrl+C and SIGTERM turned into its signal's abort: the student's worker
 * running is stopped and its folder removed, no other is started, and the databases stopped
 * (exit 130, as `leaseline lab`).
 */
async function whileInterruptible(work: (signal: AbortSignal) => Promise<number>): Promise<number> {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) return;
    nodeIo.stderr('\nleaseline grade: interrupted; stopping the worker running and the databases\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * `--deadline-ms MS` (or `=MS`) at `args[i]`: the lab's own bound on each worker (LAB1). Null
 * when `args[i]` is another argument, a sentence when the value is wrong.
 */
function deadlineArg(args: readonly string[], i: number): { ms: number; next: number } | string | null {
  const arg = args[i] as string;
  if (arg !== '--deadline-ms' && !arg.startsWith('--deadline-ms=')) return null;
  const value = arg === '--deadline-ms' ? args[i + 1] : arg.slice('--deadline-ms='.length);
  const ms = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(ms) || ms < DEADLINE_MIN_MS || ms > DEADLINE_MAX_MS)
    return `--deadline-ms needs whole real milliseconds from ${DEADLINE_MIN_MS} to ${DEADLINE_MAX_MS}`;
  return { ms, next: arg === '--deadline-ms' ? i + 1 : i };
}

function usage(message: string): number {
  nodeIo.stderr(`leaseline: ${message}\nRun "npx leaseline help grade" for usage.\n`);
  return EXIT_INVALID;
}
