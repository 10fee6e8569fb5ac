/**
 * `leaseline search FILE [--budget N] [--seed S] [--faults LIST] [--fresh] [--invariants LIST]
 * [--json] [--out FOUND.json]`: search for the smallest night that breaks the file's design
 * (src/search/, docs/search.md). Exit 1 with the found night, as a scenario file, and its
 * check report; exit 0 when nothing broke within the budget; exit 2 on bad input. The same
 * file, seed and options print the same bytes. Keys of FILE that are not fields are warned
 * about on stderr and, with `--json`, listed under `"warnings"`.
 */
import type { ScenarioDocument } from '../model/scenarioSchema';
import { serializeScenario } from '../model/serializeScenario';
import { faultsForScenario } from '../search/faultKinds';
import { findFailure, type SearchResult } from '../search/findFailure';
import { DEFAULT_INVARIANTS } from '../search/searchSpace';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import { type CliContext, EXIT_INVALID, EXIT_OK, EXIT_UNSAFE } from './cliContext';
import { formatCheckReport } from './formatCheckReport';
import { refuse, reportFoundNight } from './foundNightOut';
import { plainText } from './plainText';
import { printLoadProblems, printScenarioErrors, readRunnableScenario, warningsJson } from './readScenarioFile';
import type { SearchFlags } from './searchFlags';
import { faultKindsText, invariantsText, notFoundText } from './searchText';

export interface SearchCommandOptions extends SearchFlags {
  readonly file: string;
  readonly fresh: boolean;
  readonly json: boolean;
  /** Where to write the found night as a scenario file, or undefined. */
  readonly out?: string;
}

type Found = Extract<SearchResult, { found: true }>;

/** Runs `search`; returns the exit status. */
export function runSearch(context: CliContext, options: SearchCommandOptions): number {
  const { file } = options;
  const loaded = readRunnableScenario(context, file);
  printLoadProblems(context.io, loaded);
  if (!loaded.ok) return EXIT_INVALID;
  const warnings = warningsJson(loaded.warnings);
  const applicable = faultsForScenario(loaded.scenario);
  const stray = options.faults?.find((kind) => !applicable.includes(kind));
  if (stray !== undefined) {
    const lock = loaded.scenario.lock.kind;
    return refuse(
      context,
      `--faults: ${stray} does not apply to ${plainText(file)} (lock ${lock}); the faults that apply are ${applicable.join(', ')}`,
    );
  }
  let result: SearchResult;
  try {
    result = findFailure(loaded.document, {
      budget: options.budget,
      seed: options.seed,
      fresh: options.fresh,
      ...(options.faults === undefined ? {} : { faults: options.faults }),
      ...(options.invariants === undefined ? {} : { invariants: options.invariants }),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the search failed on this file (a bug in Leaseline, please report it): ${reason}`;
    printScenarioErrors(context.io, [{ source: file, path: '$', message }]);
    return EXIT_INVALID;
  }
  const invariants = options.invariants ?? DEFAULT_INVARIANTS;
  if (!result.found) {
    const { found, schedulesTried, seed, faults } = result;
    context.io.stdout(
      options.json
        ? `${JSON.stringify({ found, schedulesTried, seed, faults, invariants, warnings }, null, 2)}\n`
        : notFoundText(schedulesTried, seed, faults, invariants),
    );
    return EXIT_OK;
  }
  return reportFound(context, options, result, invariants, warnings);
}

function reportFound(
  context: CliContext,
  options: SearchCommandOptions,
  result: Found,
  invariants: readonly string[],
  warnings: ReturnType<typeof warningsJson>,
): number {
  const found = reportFoundNight(context, result.scenario, options.out, 'found night');
  if (!found.ok) return found.status;
  const { report, scenario } = found;
  if (options.json) {
    const { scenario: document, ...facts } = result;
    context.io.stdout(`${JSON.stringify({ ...facts, invariants, scenario: document, report, warnings }, null, 2)}\n`);
  } else {
    context.io.stdout(foundText(options, result, report, scenario.job.kind));
  }
  return EXIT_UNSAFE;
}

function foundText(
  options: SearchCommandOptions,
  result: Found,
  report: CheckReport,
  job: Parameters<typeof formatCheckReport>[1],
): string {
  const added = result.addedEventIndices.length;
  const file = plainText(options.file);
  const headline = result.fileAlreadyBreaks
    ? `FOUND ${file} already breaks with its own events: the search added nothing (seed ${result.seed})`
    : `FOUND a night with ${added} added ${added === 1 ? 'event' : 'events'} that breaks ${file}, after ${result.schedulesTried} ${result.schedulesTried === 1 ? 'night' : 'nights'} of ${faultKindsText(result.faults)} (seed ${result.seed}; shrunk in ${result.shrinkSteps} ${result.shrinkSteps === 1 ? 'step' : 'steps'})`;
  const lines = [
    headline,
    `  breaks: ${invariantsText(result.violations)}`,
    '',
    ...(result.scenario.description ?? '').split('\n').map((line) => (line === '' ? '' : `  ${plainText(line)}`)),
    '',
    formatCheckReport(report, job).trimEnd(),
    '',
    options.out === undefined
      ? 'The found night as a scenario file (save it to open in the app or to pass to leaseline check; --out FILE writes it):'
      : `The found night is written to ${plainText(options.out)}.`,
  ];
  const fileText = options.out === undefined ? serializeScenario(result.scenario satisfies ScenarioDocument) : '';
  return `${lines.join('\n')}\n${fileText}`;
}
