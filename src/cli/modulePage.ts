/**
 * `grade module FOLDER --html`: one standalone page for the class, made to print on A4 (one
 * table, the copies, then each student's written answers with their word counts and the
 * course's solution points as boxes to tick). Everything a student
 * chose (names, answers, file names in reasons) is escaped as HTML text and isolated in
 * <bdi>, so markup and bidi controls stay words. Loads nothing, runs no script. Pure.
 */
import { wordCount } from '../model/handInFacts';
import { cellText, copyLines, quizText, reportNotes } from './formatModule';
import { MODULE_COLUMNS, type ModuleReport, type ModuleRow } from './gradeModule';
import { escapeHtml } from './gradePage';
import { moduleVerdictText } from './moduleVerdict';
import { SOLUTION_POINTS, WRITTEN_EXERCISES } from './solutionPoints';

const bdi = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

const STYLE = `body{font:11pt/1.4 system-ui,sans-serif;margin:1.5rem;color:#000;background:#fff}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:1.5rem}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #888;padding:.2rem .35rem;text-align:left;vertical-align:top;font-size:9.5pt}
.note{color:#333;font-size:8.5pt}.pass{background:#e6f4e6}.fail,.invalid,.missing{background:#fbe9e7}.flag{color:#8a1c00;font-weight:bold}
.answer{white-space:pre-wrap;background:#f4f4f4;padding:.4rem;margin:.2rem 0 .8rem}
section{break-inside:avoid}.points{list-style:none;padding-left:0;margin:.2rem 0}.points-title,.mark{margin:.3rem 0 0;font-size:10pt}
.mark{margin-bottom:.8rem}
@page{size:A4;margin:15mm}
@media print{body{margin:0}h2{break-after:avoid}tr{break-inside:avoid}.answers{break-before:page}}`;

/** The whole page. */
export function modulePage(report: ModuleReport): string {
  const head = ['Student', 'Name', ...MODULE_COLUMNS.map((c) => c.toUpperCase()), 'Quiz', 'Verdict']
    .map((title) => `<th scope="col">${title}</th>`)
    .join('');
  const copies = copyLines(report);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Module MID-032: class report</title><style>${STYLE}</style></head>
<body><main><h1>Module MID-032: ${report.rows.length === 1 ? '1 student' : `${report.rows.length} students`}</h1>
<table><thead><tr>${head}</tr></thead><tbody>
${report.rows.map((row) => rowHtml(report, row)).join('\n')}
</tbody></table>
${reportNotes(report)
  .map((note) => `<p>${escapeHtml(note)}</p>`)
  .join('')}
<h2>Copies</h2>
${copies.length === 0 ? '<p>None found.</p>' : `<ul>${copies.map((line) => `<li>${bdi(line)}</li>`).join('')}</ul>`}
<div class="answers"><h2>Written answers (EX01, EX02, EX06), marked by a person</h2>
${report.rows.map(answersHtml).join('\n')}</div>
</main></body></html>
`;
}

function rowHtml(report: ModuleReport, row: ModuleRow): string {
  const cells = MODULE_COLUMNS.map((column) => {
    const cell = row.cells[column];
    const title = cell.detail === '' ? '' : ` title="${escapeHtml(cell.detail)}"`;
    return `<td class="${cell.status.replace(' ', '-')}"${title}>${escapeHtml(cellText(cell))}</td>`;
  }).join('');
  const flags = row.flags.length === 0 ? '' : `<br><span class="flag">Flagged: ${bdi(row.flags.join('; '))}</span>`;
  const notes = row.notes.map((note) => `<br><span class="note">${bdi(note)}</span>`).join('');
  return `<tr><td>${bdi(row.key)}</td><td>${bdi(row.name)}</td>${cells}<td>${escapeHtml(quizText(report, row))}</td><td>${bdi(moduleVerdictText(row.verdict))}${flags}${notes}</td></tr>`;
}

function answersHtml(row: ModuleRow): string {
  const answers = MODULE_COLUMNS.flatMap((column) => {
    const cell = row.cells[column];
    if (cell.text === null) return [];
    const words = wordCount(cell.text);
    const mark = cell.status === 'to mark' ? 'Mark: ☐ pass ☐ fail' : `Marked ${cell.status}`;
    return [
      `<h3>${column.toUpperCase()} <small>(${words === 1 ? '1 word' : `${words} words`})</small></h3><p class="answer" dir="auto">${escapeHtml(cell.text)}</p>${pointsHtml(column)}<p class="mark">${mark}</p>`,
    ];
  });
  if (answers.length === 0) return '';
  return `<section><h2>${bdi(row.name)} <small>(${bdi(row.key)})</small></h2>${answers.join('')}</section>`;
}

/** The course's solution points as boxes to tick (on screen or on paper). */
function pointsHtml(column: string): string {
  const points = WRITTEN_EXERCISES.find((exercise) => exercise === column);
  if (points === undefined) return '';
  const items = SOLUTION_POINTS[points].map(
    (point) => `<li><label><input type="checkbox"> ${escapeHtml(point)}</label></li>`,
  );
  return `<p class="points-title">The course's solution points:</p><ul class="points">${items.join('')}</ul>`;
}
