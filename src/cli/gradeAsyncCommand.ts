/**
 * The `grade` sub-commands that run real processes: `ex04` (a real PostgreSQL). main.ts starts
 * them, as it starts `lab`, and imports this module only then (pg would slow every other
 * command's start). The command line is read here with the same rules as runCli's: one
 * sentence on stderr and exit 2 for a mistake.
 */
import { openEx04Grader } from '../lab/ex04Grader';
import { EXIT_INVALID } from './cliContext';
import { runGradeEx04 } from './gradeEx04Command';
import { nodeIo } from './nodeIo';

/** The `grade` exercises main.ts hands to this module. */
export const ASYNC_GRADED = ['ex04'] as const;

/** `args` are those after `grade`; returns the exit status. */
export async function runGradeAsync(args: readonly string[]): Promise<number> {
  const [exercise, ...rest] = args;
  const operands: string[] = [];
  let csv = false;
  for (const arg of rest) {
    if (arg === '--csv') csv = true;
    else if (arg.startsWith('--')) return usage(`grade ${exercise ?? ''} has no option ${arg}`);
    else operands.push(arg);
  }
  if (operands.length === 0) return usage('grade needs at least one FILE or folder');
  return runGradeEx04(nodeIo, { operands, csv, openGrader: () => openEx04Grader() });
}

function usage(message: string): number {
  nodeIo.stderr(`leaseline: ${message}\nRun "npx leaseline help grade" for usage.\n`);
  return EXIT_INVALID;
}
