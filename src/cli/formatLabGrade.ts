/**
 * What `grade lab` prints: per file a verdict (`pass`, `fail (unsafe)`, `fail (not tested)`,
 * `fail (crashed)`, `invalid: <reason>`), the student, the command, the lab's sentence and, for a
 * worker that did not pass, the last lines each replica printed; with `--csv` one row per file.
 * Student text and worker output pass through plainText / csvField. Pure.
 */
import type { LabGrade } from '../lab/gradeLabWorker';
import type { HandInDocument } from '../model/handInFileSchema';
import { csvLine } from './csv';
import { plainText } from './plainText';

export type LabOutcome =
  | {
      readonly kind: 'graded';
      readonly file: string;
      readonly document: HandInDocument;
      readonly grade: LabGrade;
    }
  | { readonly kind: 'invalid'; readonly file: string; readonly reason: string };

/** `pass`, `fail (unsafe)`, `fail (not tested)`, `fail (crashed)` or `invalid`. Pure. */
export function labVerdict(outcome: LabOutcome): string {
  if (outcome.kind === 'invalid' || outcome.grade.kind === 'invalid') return 'invalid';
  return outcome.grade.kind === 'pass' ? 'pass' : `fail (${outcome.grade.failure})`;
}

/** The reason an outcome is invalid: the file's, or its worker's folder's. Pure. */
export function labInvalidReason(outcome: LabOutcome): string | null {
  if (outcome.kind === 'invalid') return outcome.reason;
  return outcome.grade.kind === 'invalid' ? outcome.grade.says : null;
}

/** What the lab said of the worker (or why it could not run it), in one sentence. Pure. */
export function labSays(outcome: LabOutcome): string {
  return labInvalidReason(outcome) ?? (outcome.kind === 'graded' ? outcome.grade.says : '');
}

const answerOf = (document: HandInDocument) =>
  document.exercise === 'lab1' ? document.answer : { folder: '', command: '' };

/** The human report. Pure. */
export function formatLabText(outcomes: readonly LabOutcome[]): string {
  const blocks = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    const invalid = labInvalidReason(outcome);
    if (outcome.kind === 'invalid') return `${file}: invalid: ${plainText(outcome.reason)}\n`;
    const { folder, command } = answerOf(outcome.document);
    const head = [
      `${file}: ${labVerdict(outcome)}${invalid === null ? '' : `: ${plainText(invalid)}`}`,
      `  student: ${plainText(outcome.document.student)}`,
      `  worker: ${plainText(command)} (in ${plainText(folder)})`,
    ];
    const grade = outcome.grade;
    if (grade.kind === 'invalid') return `${head.join('\n')}\n`;
    // The lab's own measure of its run (the report's timings), for the instructor's patience.
    const took = grade.report === null ? [] : [`  took ${(grade.report.timings.totalMs / 1000).toFixed(1)} s`];
    const body = [`  lab: ${plainText(grade.says)}`, ...took];
    if (grade.kind === 'fail') body.push(...outputLines(grade.output));
    return `${[...head, ...body].join('\n')}\n`;
  });
  if (outcomes.length !== 1) {
    const count = (kind: string) => outcomes.filter((outcome) => labVerdict(outcome).startsWith(kind)).length;
    blocks.push(
      `\n${outcomes.length} files: ${count('pass')} pass, ${count('fail')} fail, ${count('invalid')} invalid\n`,
    );
  }
  return blocks.join('');
}

function outputLines(output: Readonly<Record<string, readonly string[]>>): string[] {
  const replicas = Object.keys(output);
  if (replicas.length === 0) return ['  output: none'];
  return [
    '  output (the last lines of each replica):',
    ...replicas.flatMap((replica) => (output[replica] ?? []).map((line) => `    ${replica} | ${plainText(line)}`)),
  ];
}

/** The gradebook table. Pure. */
export function formatLabCsv(outcomes: readonly LabOutcome[]): string {
  const header = csvLine(['file', 'name', 'date', 'command', 'verdict', 'says', 'output']);
  const rows = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') return csvLine([file, '', '', '', 'invalid', plainText(outcome.reason), '']);
    const { command } = answerOf(outcome.document);
    const grade = outcome.grade;
    const output =
      grade.kind === 'invalid'
        ? ''
        : Object.entries(grade.output)
            .flatMap(([replica, lines]) => lines.map((line) => `${replica} | ${plainText(line)}`))
            .join('\n');
    return csvLine([
      file,
      plainText(outcome.document.student),
      outcome.document.date,
      plainText(command),
      labVerdict(outcome),
      plainText(grade.says),
      output,
    ]);
  });
  return header + rows.join('');
}
