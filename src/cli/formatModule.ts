/**
 * The module report as text (a table, then the copies) and as a gradebook CSV (csv.ts guards
 * formula injection). Every student-chosen string goes through plainText so it cannot drive
 * the terminal. Pure.
 */
import { csvLine } from './csv';
import { MODULE_COLUMNS, type ModuleCell, type ModuleReport, type ModuleRow } from './gradeModule';
import { moduleVerdictText } from './moduleVerdict';
import { plainText } from './plainText';
import { formatTable } from './table';

/** A cell as one or two words: `pass`, `fail (3/5)`, `fail (unsafe)`, `to mark`, `missing`, `invalid`. */
export function cellText(cell: ModuleCell): string {
  return cell.status === 'fail' && cell.detail !== '' ? cell.detail : cell.status;
}

export const quizText = (report: ModuleReport, row: ModuleRow): string =>
  row.quiz !== null ? `${row.quiz}/10` : report.quizGiven ? 'not in file' : 'not given';

/** The lines that explain the report: the quiz's source, LAB1, then the copies. */
export function reportNotes(report: ModuleReport): string[] {
  return [
    report.quizGiven
      ? "The quiz is a self-check in the course; its score comes from the instructor's file (--quiz)."
      : 'The quiz is a self-check in the course; no --quiz file was given, so its column is "not given".',
    report.marksGiven
      ? "EX01, EX02 and EX06 are marked by a person; their marks come from the instructor's file (--marks)."
      : 'EX01, EX02 and EX06 are marked by a person: tick the solution points on the --html page, then give the marks with --marks FILE.csv (student,ex01,ex02,ex06).',
    "LAB1 is the lab's acceptance test run on each student's worker (leaseline grade lab): pass when it happened and nothing was applied twice.",
  ];
}

/** The copies and shared names as sentences. */
export function copyLines(report: ModuleReport): string[] {
  return [
    ...report.copies.map(
      (pair) =>
        `${pair.exercise}: ${pair.first} and ${pair.second} handed in the same answer (name, date, spacing aside)`,
    ),
    ...report.sameNames.map((same) => `the name ${same.name} is in the hand-ins of ${same.students.join(', ')}`),
  ].map(plainText);
}

/** The human report. */
export function formatModuleText(report: ModuleReport): string {
  const header = ['student', 'name', ...MODULE_COLUMNS.map((c) => c.toUpperCase()), 'quiz', 'verdict'];
  const rows = report.rows.map((row) => [
    plainText(row.key),
    plainText(row.name),
    ...MODULE_COLUMNS.map((column) => cellText(row.cells[column])),
    quizText(report, row),
    plainText(moduleVerdictText(row.verdict)) + (row.flags.length > 0 ? ' [flagged]' : ''),
  ]);
  const details = report.rows.flatMap((row) => [
    ...MODULE_COLUMNS.filter((c) => row.cells[c].status === 'invalid').map(
      (c) => `${plainText(row.key)}: ${c.toUpperCase()} invalid: ${plainText(row.cells[c].detail)}`,
    ),
    ...row.flags.map((flag) => `${plainText(row.key)}: flagged: ${plainText(flag)}`),
    ...row.notes.map((note) => `${plainText(row.key)}: ${plainText(note)}`),
  ]);
  const copies = copyLines(report);
  return [
    formatTable([header, ...rows], '').trimEnd(),
    ...(details.length > 0 ? ['', ...details] : []),
    '',
    'Copies:',
    ...(copies.length === 0 ? ['  none found'] : copies.map((line) => `  ${line}`)),
    '',
    ...reportNotes(report),
    '',
  ].join('\n');
}

/** The gradebook: one row per student. */
export function formatModuleCsv(report: ModuleReport): string {
  const header = csvLine(['student', 'name', ...MODULE_COLUMNS, 'quiz', 'verdict', 'flags', 'notes']);
  const rows = report.rows.map((row) =>
    csvLine([
      plainText(row.key),
      plainText(row.name),
      ...MODULE_COLUMNS.map((column) => cellText(row.cells[column])),
      row.quiz === null ? quizText(report, row) : String(row.quiz),
      plainText(moduleVerdictText(row.verdict)),
      row.flags.map(plainText).join('; '),
      row.notes.map(plainText).join('; '),
    ]),
  );
  return header + rows.join('');
}
