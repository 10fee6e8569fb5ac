/**
 * `leaseline grade ex05 FILE... [--csv]`: each EX05 hand-in's two durations judged on the
 * simulated nights of ex05Nights.ts (ex05Judge.ts): pass when every night does, else
 * `fail (N/4)`, each night with its sentence. Synchronous (the simulator only). Exit 0 when
 * every file was graded, 2 when any was invalid or nothing was found.
 */

import type { HandInDocument } from '../model/handInFileSchema';
import { type CliContext, EXIT_INVALID, EXIT_OK } from './cliContext';
import { csvLine } from './csv';
import { type Ex05Judgement, judgeEx05 } from './ex05Judge';
import { EX05_NIGHT_IDS } from './ex05Nights';
import {
  collectExerciseFiles,
  firstProblem,
  type LoadedHandIn,
  loadExerciseHandIn,
  reportLoadProblems,
} from './handInLoads';
import { plainText } from './plainText';
import { formatTable } from './table';

export type Ex05Outcome =
  | {
      readonly kind: 'graded';
      readonly file: string;
      readonly document: HandInDocument;
      readonly judgements: readonly Ex05Judgement[];
    }
  | { readonly kind: 'invalid'; readonly file: string; readonly reason: string };

/** Judges loaded hand-ins (the module report loads them itself). */
export function gradeEx05Loads(context: CliContext, loads: readonly LoadedHandIn[]): Ex05Outcome[] {
  return loads.map((loaded) => {
    if (!loaded.ok || loaded.document.exercise !== 'ex05') {
      return { kind: 'invalid', file: loaded.file, reason: loaded.ok ? 'not EX05' : firstProblem(loaded.errors) };
    }
    const { lockAtMostFor, lockAtLeastFor } = loaded.document.answer;
    return {
      kind: 'graded',
      file: loaded.file,
      document: loaded.document,
      judgements: judgeEx05(context.engine, { lockAtMostFor, lockAtLeastFor }),
    };
  });
}

/** `pass`, `fail (N/4)` or `invalid`. Pure. */
export function ex05Verdict(outcome: Ex05Outcome): string {
  if (outcome.kind === 'invalid') return 'invalid';
  const passed = outcome.judgements.filter((j) => j.passed).length;
  return passed === outcome.judgements.length ? 'pass' : `fail (${passed}/${outcome.judgements.length})`;
}

/** Runs `grade ex05`; returns the exit status. */
export function runGradeEx05(context: CliContext, operands: readonly string[], csv: boolean): number {
  const { io } = context;
  const { files, notices } = collectExerciseFiles(io, operands, 'ex05');
  for (const notice of notices) io.stderr(`leaseline: ${plainText(notice)}\n`);
  const loads = files.map((file) => loadExerciseHandIn(io, file, 'ex05'));
  reportLoadProblems(io, loads);
  const outcomes = gradeEx05Loads(context, loads);
  io.stdout(csv ? formatEx05Csv(outcomes) : formatEx05Text(outcomes));
  return files.length === 0 || outcomes.some((outcome) => outcome.kind === 'invalid') ? EXIT_INVALID : EXIT_OK;
}

/** The human report. Pure. */
export function formatEx05Text(outcomes: readonly Ex05Outcome[]): string {
  const blocks = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') return `${file}: invalid: ${outcome.reason}\n`;
    const { document } = outcome;
    const answer = document.exercise === 'ex05' ? document.answer : null;
    const rows = outcome.judgements.map((j) => [j.passed ? '[x]' : '[ ]', j.id, j.sentence]);
    return `${file}: ${ex05Verdict(outcome)}\n  student: ${plainText(document.student)}\n  date: ${document.date}\n  lockAtMostFor: ${plainText(answer?.lockAtMostFor ?? '')}  lockAtLeastFor: ${plainText(answer?.lockAtLeastFor ?? '')}\n${formatTable(rows, '  ')}`;
  });
  if (outcomes.length !== 1) {
    const count = (kind: string) => outcomes.filter((outcome) => ex05Verdict(outcome).startsWith(kind)).length;
    blocks.push(
      `\n${outcomes.length} files: ${count('pass')} pass, ${count('fail')} fail, ${count('invalid')} invalid\n`,
    );
  }
  return blocks.join('');
}

/** The gradebook table. Pure. */
export function formatEx05Csv(outcomes: readonly Ex05Outcome[]): string {
  const header = csvLine([
    'file',
    'name',
    'date',
    'lockAtMostFor',
    'lockAtLeastFor',
    ...EX05_NIGHT_IDS,
    'verdict',
    'error',
    'text',
  ]);
  const rows = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid')
      return csvLine([file, '', '', '', '', ...EX05_NIGHT_IDS.map(() => ''), 'invalid', outcome.reason, '']);
    const { document } = outcome;
    const answer = document.exercise === 'ex05' ? document.answer : null;
    return csvLine([
      file,
      plainText(document.student),
      document.date,
      plainText(answer?.lockAtMostFor ?? ''),
      plainText(answer?.lockAtLeastFor ?? ''),
      ...outcome.judgements.map((j) => (j.passed ? 'yes' : 'no')),
      ex05Verdict(outcome),
      '',
      (answer?.text ?? '').split(/\r?\n/).map(plainText).join('\n'),
    ]);
  });
  return header + rows.join('');
}
