/**
 * `leaseline verify FILE [--faults LIST] [--max-faults K] [--grid DUR] [--durations LIST]
 * [--invariants LIST] [--fresh] [--count] [--workers N] [--json] [--out FOUND.json]`: check
 * every night of the file's design with up to K faults of a finite alphabet (src/verify/,
 * docs/verify.md). Exit 0 when none breaks it, 1 with the smallest that does (as a scenario
 * file, with its check report), 2 on bad input. The same file and options print the same
 * bytes but for `elapsedMs` and the seconds in words, the one reading of a clock.
 *
 * `--workers N` above 1 explores on N threads (`verifyThreads.ts`): the same bytes for any N.
 */
import { serializeScenario } from '../model/serializeScenario';
import { faultsForScenario } from '../search/faultKinds';
import { type VerifyProgress, type VerifyResult, verifyDesign } from '../verify/verifyDesign';
import { type CliContext, EXIT_INVALID, EXIT_OK, EXIT_UNSAFE } from './cliContext';
import { formatCheckReport } from './formatCheckReport';
import { refuse, reportFoundNight } from './foundNightOut';
import { plainText } from './plainText';
import { printLoadProblems, printScenarioErrors, readRunnableScenario, warningsJson } from './readScenarioFile';
import { invariantsText } from './searchText';
import type { VerifyFlags } from './verifyFlags';
import { progressText, safeText, unsafeText } from './verifyText';
import { exploreInThreads } from './verifyThreads';

export interface VerifyCommandOptions extends VerifyFlags {
  readonly file: string;
  readonly fresh: boolean;
  readonly countAll: boolean;
  readonly json: boolean;
  /** Where to write the smallest failing night as a scenario file, or undefined. */
  readonly out?: string;
}

/** Runs `verify`; returns the exit status. */
export function runVerify(context: CliContext, options: VerifyCommandOptions): number {
  const { file } = options;
  const loaded = readRunnableScenario(context, file);
  printLoadProblems(context.io, loaded);
  if (!loaded.ok) return EXIT_INVALID;
  const applicable = faultsForScenario(loaded.scenario);
  const stray = options.faults.find((kind) => !applicable.includes(kind));
  if (stray !== undefined) {
    const lock = loaded.scenario.lock.kind;
    return refuse(
      context,
      `--faults: ${stray} does not apply to ${plainText(file)} (lock ${lock}); the faults that apply are ${applicable.join(', ')}`,
    );
  }
  const clockMs = context.clockMs ?? (() => 0);
  const startMs = clockMs();
  const onProgress = progressLine(context);
  let result: VerifyResult;
  try {
    result = verifyDesign(loaded.document, options, {
      explore: exploreInThreads(loaded.document, options, options.workers, onProgress),
    });
  } catch (error) {
    context.statusLine?.clear();
    const reason = error instanceof Error ? error.message : String(error);
    const message = `verify failed on this file (a bug in Leaseline, please report it): ${reason}`;
    printScenarioErrors(context.io, [{ source: file, path: '$', message }]);
    return EXIT_INVALID;
  }
  context.statusLine?.clear();
  const elapsedMs = Math.max(0, Math.round(clockMs() - startMs));
  const keepsOwnEvents = !options.fresh && loaded.scenario.events.length > 0;
  const warnings = warningsJson(loaded.warnings);
  if (result.scenario === null) {
    context.io.stdout(
      options.json
        ? json(result, elapsedMs, null, warnings)
        : safeText({
            bounds: options,
            keepsOwnEvents,
            nightsCovered: result.nightsCovered,
            simulations: result.simulations,
            elapsedMs,
          }),
    );
    return EXIT_OK;
  }
  const found = reportFoundNight(context, result.scenario, options.out, 'smallest failing night');
  if (!found.ok) return found.status;
  const { report, scenario: night } = found;
  if (options.json) {
    context.io.stdout(json(result, elapsedMs, report, warnings));
    return EXIT_UNSAFE;
  }
  const opening = unsafeText({
    bounds: options,
    keepsOwnEvents,
    file: plainText(file),
    nightsCovered: result.nightsCovered,
    failingNights: result.failingNights,
    checkedFaultCount: result.nightsByFaultCount.length - 1,
    exhaustive: result.exhaustive,
    smallestFaultCount: result.smallestFaultCount ?? 0,
    simulations: result.simulations,
    elapsedMs,
  });
  const broken = options.invariants.filter((invariant) => report.violations.some((v) => v.invariant === invariant));
  const lines = [
    `  breaks: ${invariantsText(broken)}`,
    '',
    ...(result.scenario.description ?? '').split('\n').map((line) => (line === '' ? '' : `  ${plainText(line)}`)),
    '',
    formatCheckReport(report, night.job.kind).trimEnd(),
    '',
    options.out === undefined
      ? 'The smallest failing night as a scenario file (save it to open in the app or to pass to leaseline check; --out FILE writes it):'
      : `The smallest failing night is written to ${plainText(options.out)}.`,
  ];
  const fileText = options.out === undefined ? serializeScenario(result.scenario) : '';
  context.io.stdout(`${opening}${lines.join('\n')}\n${fileText}`);
  return EXIT_UNSAFE;
}

/** docs/verify.md's object, in its order, then the file's warnings. */
function json(
  result: VerifyResult,
  elapsedMs: number,
  report: unknown,
  warnings: ReturnType<typeof warningsJson>,
): string {
  const object = {
    verdict: result.verdict,
    bounds: result.bounds,
    alphabetSize: result.alphabetSize,
    nightsCovered: result.nightsCovered,
    nightsByFaultCount: result.nightsByFaultCount,
    failingNights: result.failingNights,
    failingByFaultCount: result.failingByFaultCount,
    exhaustive: result.exhaustive,
    simulations: result.simulations,
    elapsedMs,
    scenario: result.scenario,
    report,
    warnings,
  };
  return `${JSON.stringify(object, null, 2)}\n`;
}

/**
 * How far the check is, on the terminal's status line (none without one): at most about four
 * times a second by the command's clock, so a fast check does not spend its time writing.
 */
function progressLine(context: CliContext): ((progress: VerifyProgress) => void) | undefined {
  const line = context.statusLine;
  if (!line) return undefined;
  const clockMs = context.clockMs ?? (() => 0);
  let shownAtMs = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const nowMs = clockMs();
    if (nowMs - shownAtMs < PROGRESS_EVERY_MS && progress.nightsChecked < progress.nightsTotal) return;
    shownAtMs = nowMs;
    line.show(progressText(progress));
  };
}

const PROGRESS_EVERY_MS = 250;
