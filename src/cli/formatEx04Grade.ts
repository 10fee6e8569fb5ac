/**
 * What `grade ex04` prints: per file a verdict (`pass`, `fail (3/5)`, `invalid: <reason>`),
 * the student, the date, the statement on one line and each case with its sentence; with
 * `--csv` one row per file. Student text passes through plainText / csvField. Pure.
 */

import { EX04_CASE_IDS } from '../lab/ex04Cases';
import type { Ex04Grade } from '../lab/ex04Grader';
import type { HandInDocument } from '../model/handInFileSchema';
import { csvLine } from './csv';
import { plainText } from './plainText';
import { formatTable } from './table';

export type Ex04Outcome =
  | { readonly kind: 'graded'; readonly file: string; readonly document: HandInDocument; readonly grade: Ex04Grade }
  | { readonly kind: 'invalid'; readonly file: string; readonly reason: string };

/** `pass`, `fail (N/5)` or `invalid`. Pure. */
export function ex04Verdict(outcome: Ex04Outcome): string {
  if (outcome.kind === 'invalid') return 'invalid';
  const passed = outcome.grade.cases.filter((result) => result.passed).length;
  return outcome.grade.passed ? 'pass' : `fail (${passed}/${outcome.grade.cases.length})`;
}

/** The statement as one line: line breaks and runs of spaces as one space. Pure. */
export const oneLine = (sql: string): string => plainText(sql.replace(/\s+/g, ' ').trim());

/** The human report. Pure. */
export function formatEx04Text(outcomes: readonly Ex04Outcome[]): string {
  const blocks = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') return `${file}: invalid: ${outcome.reason}\n`;
    const { document, grade } = outcome;
    const sql = document.exercise === 'ex04' ? document.answer.sql : '';
    const rows = grade.cases.map((result) => [result.passed ? '[x]' : '[ ]', result.id, plainText(result.sentence)]);
    const mapping = grade.mapping === null ? '' : `  values: ${grade.mapping}\n`;
    return `${file}: ${ex04Verdict(outcome)}\n  student: ${plainText(document.student)}\n  date: ${document.date}\n  sql: ${oneLine(sql)}\n${mapping}${formatTable(rows, '  ')}`;
  });
  if (outcomes.length !== 1) {
    const count = (kind: string) => outcomes.filter((outcome) => ex04Verdict(outcome).startsWith(kind)).length;
    blocks.push(
      `\n${outcomes.length} files: ${count('pass')} pass, ${count('fail')} fail, ${count('invalid')} invalid\n`,
    );
  }
  return blocks.join('');
}

/** The gradebook table. Pure. */
export function formatEx04Csv(outcomes: readonly Ex04Outcome[]): string {
  const header = csvLine(['file', 'name', 'date', ...EX04_CASE_IDS, 'verdict', 'error', 'sql']);
  const rows = outcomes.map((outcome) => {
    const file = plainText(outcome.file);
    if (outcome.kind === 'invalid') {
      return csvLine([file, '', '', ...EX04_CASE_IDS.map(() => ''), 'invalid', outcome.reason, '']);
    }
    const { document, grade } = outcome;
    const sql = document.exercise === 'ex04' ? document.answer.sql : '';
    const cases = grade.cases.map((result) => (result.passed ? 'yes' : 'no'));
    return csvLine([
      file,
      plainText(document.student),
      document.date,
      ...cases,
      ex04Verdict(outcome),
      plainText(grade.parseError ?? ''),
      oneLine(sql),
    ]);
  });
  return header + rows.join('');
}
