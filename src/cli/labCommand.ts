/**
 * `leaseline lab [flags]` (docs/lab.md): runs the night on a real PostgreSQL and prints the verdict.
 * Exit 0 the acceptance test happened and nothing was applied twice, 1 something applied twice
 * or a stale token accepted, 2 the lab could not run or the acceptance test did not happen (the
 * reason on stderr). Ctrl+C and SIGTERM stop every worker and the embedded database before the
 * process leaves.
 */
import { writeFileSync } from 'node:fs';
import { LabError } from '../lab/labDatabase';
import { parseLabArgs } from '../lab/labOptions';
import { labScenarioFile } from '../lab/labScenario';
import { runLab } from '../lab/runLab';
import { EXIT_INVALID } from './cliContext';
import { formatLabReport, incompleteReason, labExitStatus } from './formatLabReport';

const EXIT_INTERRUPTED = 130;

export async function runLabCommand(args: readonly string[]): Promise<number> {
  const options = parseLabArgs(args);
  if (typeof options === 'string') {
    process.stderr.write(`leaseline: ${options}\nRun "npx leaseline help" for usage.\n`);
    return EXIT_INVALID;
  }
  if (!options.token && options.fencing !== 'off' && options.worker === null) {
    process.stderr.write(
      `lab: note: --token off with --fencing ${options.fencing}: the built-in worker's fenced writes carry no token and are all turned away (last_token <= NULL matches no row), so tonight cannot finish before the deadline\n`,
    );
  }
  const controller = new AbortController();
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    // Said at once: stopping the workers and the database takes a moment.
    process.stderr.write('\nleaseline lab: interrupted; stopping every worker and the embedded database\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const progress = progressWriter();
  try {
    const result = await runLab(options, { onProgress: progress.write, signal: controller.signal });
    progress.end();
    if (options.out !== null) {
      writeFileSync(
        options.out,
        `${JSON.stringify(labScenarioFile(options, result.report, result.observation), null, 2)}\n`,
      );
    }
    process.stdout.write(options.json ? `${JSON.stringify(result.report, null, 2)}\n` : formatLabReport(result.report));
    const reason = incompleteReason(result.report);
    if (reason !== null) process.stderr.write(`leaseline lab: ${reason}\n`);
    if (result.keptDatabase !== null) {
      process.stderr.write(
        `lab: the database is kept at ${result.keptDatabase.url}\nlab: press Ctrl+C to stop${result.keptDatabase.embedded ? ' and remove it' : ''}\n`,
      );
      await new Promise<void>((resolve) =>
        controller.signal.addEventListener('abort', () => resolve(), { once: true }),
      );
      if (result.keptDatabase.embedded) await result.keptDatabase.dispose();
      return labExitStatus(result.report);
    }
    return labExitStatus(result.report);
  } catch (error) {
    progress.end();
    const reason = error instanceof LabError || error instanceof Error ? error.message : String(error);
    if (interrupted) return EXIT_INTERRUPTED;
    process.stderr.write(`leaseline lab: ${error instanceof LabError ? reason : `the lab failed: ${reason}`}\n`);
    return EXIT_INVALID;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** One progress line on stderr: rewritten in place on a terminal, one line per change otherwise. */
function progressWriter(): { write: (line: string) => void; end: () => void } {
  const tty = process.stderr.isTTY === true;
  let last = '';
  return {
    write(line) {
      const shown = line.replace(/^lab [0-9.]+s: /, '');
      if (shown === last) return;
      last = shown;
      process.stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
    end() {
      if (tty && last !== '') process.stderr.write('\n');
      last = '';
    },
  };
}
