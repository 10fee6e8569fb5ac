/**
 * `leaseline grade ex03 FILE... [--csv] [--html OUT.html]`: grade hand-ins (JSON scenario
 * files or the PNGs the app exports, or folders of them) against the EX03 checklist, with the
 * flags a grader must see (model/handInFacts.ts) and the explanation's word count. Broken and
 * foreign files are reported by name and the run goes on. `--html` also writes one page with
 * every hand-in for reading a class at once. Exit 0 when every file was graded (incomplete
 * answers included: grading is not judging), 2 when any file could not be read as a hand-in.
 * Keys of a hand-in that are not fields are warned about on stderr, by file.
 */

import { type HandInFacts, handInFacts, scenarioShape } from '../model/handInFacts';
import { loadHandIn } from '../model/loadHandIn';
import { hasPngSignature } from '../model/pngChunks';
import { HAND_IN_PNG_BYTES_MAX } from '../model/pngScenario';
import type { ScenarioError, ScenarioWarning } from '../model/scenarioError';
import { type Ex03Checklist, ex03Checklist } from '../sim/readings/ex03Checklist';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { formatGradeCsv, formatGradeText } from './formatGrade';
import { gradePage } from './gradePage';
import { collectHandInFiles } from './handInFiles';
import { plainText } from './plainText';
import { printScenarioErrors, printScenarioWarnings } from './readScenarioFile';

/** The exercises `grade` knows; EX03 is the only one with a checklist so far. */
export const GRADED_EXERCISES = ['ex03'] as const;

export interface GradeOptions {
  readonly exercise: (typeof GRADED_EXERCISES)[number];
  readonly operands: readonly string[];
  readonly csv: boolean;
  /** Where to write the page of every hand-in, or undefined. */
  readonly html?: string;
}

/** One file's grade: its checklist, or why it could not be graded. */
export type GradeOutcome =
  | {
      readonly kind: 'graded';
      readonly file: string;
      readonly checklist: Ex03Checklist;
      readonly facts: HandInFacts;
      /** The hand-in's picture when it is a PNG (for the page), else null. */
      readonly png: Uint8Array | null;
      /** Keys in it that are not fields (a misspelt `explanaton`): the grader's page and CSV name them. */
      readonly warnings?: readonly ScenarioWarning[];
      /** The night without its words (handInFacts.ts scenarioShape): the module report compares students' on it. */
      readonly shape: string;
    }
  | {
      readonly kind: 'invalid';
      readonly file: string;
      readonly errors: readonly ScenarioError[];
      readonly warnings?: readonly ScenarioWarning[];
    };

/** Runs `grade`; returns the exit status. */
export function runGrade(context: CliContext, options: GradeOptions): number {
  const { files, notices } = collectHandInFiles(context.io, options.operands);
  for (const notice of notices) context.io.stderr(`leaseline: ${plainText(notice)}\n`);
  const graded = files.map((file) => gradeFile(context, file));
  const outcomes = graded.map(({ outcome }) => outcome);
  for (const { outcome, warnings } of graded) {
    if (outcome.kind === 'invalid') printScenarioErrors(context.io, outcome.errors.map(plainError));
    printScenarioWarnings(context.io, warnings);
  }
  context.io.stdout(options.csv ? formatGradeCsv(outcomes) : formatGradeText(outcomes));
  if (options.html !== undefined) {
    try {
      context.io.writeFile(options.html, gradePage(outcomes));
    } catch (error) {
      context.io.stderr(`leaseline: cannot write ${plainText(options.html)}: ${errorText(error)}\n`);
      return EXIT_INVALID;
    }
  }
  if (files.length === 0 || outcomes.some((outcome) => outcome.kind === 'invalid')) return EXIT_INVALID;
  return EXIT_OK;
}

/** One file's grade and the keys in it that are not fields. */
export interface GradedFile {
  readonly outcome: GradeOutcome;
  readonly warnings: readonly ScenarioWarning[];
}

/** Grades one EX03 file (the module report calls it per student). Never throws. */
export function gradeFile(context: CliContext, file: string): GradedFile {
  const invalid = (errors: readonly ScenarioError[], warnings: readonly ScenarioWarning[] = []): GradedFile => ({
    outcome: { kind: 'invalid', file, errors, warnings },
    warnings,
  });
  let bytes: Uint8Array;
  try {
    bytes = context.io.readBytes(file, HAND_IN_PNG_BYTES_MAX);
  } catch (error) {
    return invalid([{ source: file, path: '$', message: `cannot read the file: ${errorText(error)}` }]);
  }
  const loaded = loadHandIn(bytes, file);
  const { warnings } = loaded;
  if (!loaded.ok) return invalid(loaded.errors, warnings);
  const refusals = context.engine.unsupported(loaded.scenario);
  if (refusals.length > 0) {
    return invalid(
      refusals.map(({ path, message }) => ({ source: file, path, message })),
      warnings,
    );
  }
  try {
    const outcome: GradeOutcome = {
      kind: 'graded',
      file,
      checklist: ex03Checklist(loaded.scenario, context.engine.simulate(loaded.scenario)),
      facts: handInFacts(loaded.document, loaded.scenario, context.presets, 'ex03'),
      png: hasPngSignature(bytes) ? bytes : null,
      warnings,
      shape: scenarioShape(loaded.scenario),
    };
    return { outcome, warnings };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the simulator failed on this file (a bug in Leaseline, please report it): ${reason}`;
    return invalid([{ source: file, path: '$', message }], warnings);
  }
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function plainError(error: ScenarioError): ScenarioError {
  return { source: plainText(error.source), path: plainText(error.path), message: plainText(error.message) };
}
