/**
 * `grade ex03 DIR --html OUT.html`: one self-contained page with every hand-in, for reading a
 * class at once: per file the student's name, the picture (a PNG hand-in is shown as it was
 * handed in; a JSON file has none), the verdict with its flags, the checklist and the
 * explanation as written. Everything a student chose (file name, name, explanation, reasons
 * that quote the file) is escaped as HTML text and isolated with <bdi>, so markup and bidi
 * controls stay words. The page loads nothing and runs no script (its CSP says so). Pure.
 */
import { Buffer } from 'node:buffer';
import { formatTimeOfNightMs } from '../model/timeOfNight';
import { EX03_ITEM_IDS } from '../sim/readings/ex03Checklist';
import { checklistLines, gradeVerdict, reasonOf, warningsText } from './formatGrade';
import type { GradeOutcome } from './gradeCommand';

/** `text` as HTML text: the five characters that could start markup or end an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const bdi = (text: string) => `<bdi>${escapeHtml(text)}</bdi>`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a1a;background:#fff}
h1{font-size:1.4rem}article{border-top:2px solid #888;padding:1rem 0;display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem 2rem}
article>header{grid-column:1/-1}h2{font-size:1.15rem;margin:0}.file{color:#444;font-size:.9rem;margin:0}
img{max-width:100%;border:1px solid #ccc}.flags{color:#8a1c00;font-weight:bold}ul{list-style:none;padding:0;margin:0}
.done::before{content:"[x] "}.todo::before{content:"[ ] "}.todo{color:#555}.explanation{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}
.none{color:#555;font-style:italic}`;

/** The whole page. */
export function gradePage(outcomes: readonly GradeOutcome[]): string {
  const graded = outcomes.filter((outcome) => outcome.kind === 'graded').length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>EX03 hand-ins</title><style>${STYLE}</style></head>
<body><main><h1>EX03 hand-ins: ${outcomes.length === 1 ? '1 file' : `${outcomes.length} files`}, ${graded} graded</h1>
${outcomes.map(section).join('\n')}
</main></body></html>
`;
}

function section(outcome: GradeOutcome, index: number): string {
  const file = `<p class="file">${bdi(outcome.file)}</p>`;
  const warnings = warningsText(outcome);
  const warned = warnings === '' ? '' : `<p class="flags">Keys that are not fields: ${bdi(warnings)}</p>`;
  if (outcome.kind === 'invalid') {
    return `<article id="h${index}"><header><h2>Invalid hand-in</h2>${file}</header><p class="flags">invalid: ${bdi(reasonOf(outcome))}</p>${warned}</article>`;
  }
  const { facts } = outcome;
  const name = facts.name === null ? '<span class="none">no name given</span>' : bdi(facts.name);
  const flags =
    facts.flags.length === 0
      ? '<p>No flags.</p>'
      : `<p class="flags">Flagged: ${facts.flags.map(escapeHtml).join('; ')}</p>`;
  const picture =
    outcome.png === null
      ? '<p class="none">A JSON file: no picture.</p>'
      : `<img alt="The night as the student exported it" src="data:image/png;base64,${Buffer.from(outcome.png).toString('base64')}">`;
  const items = checklistLines(outcome.checklist)
    .map(
      (item) =>
        `<li class="${item.done ? 'done' : 'todo'}">${escapeHtml(item.text)}${item.atMs === null ? '' : ` <small>${formatTimeOfNightMs(item.atMs)}</small>`}</li>`,
    )
    .join('');
  const words = facts.words === 1 ? '1 word' : `${facts.words} words`;
  const explanation =
    facts.words === 0
      ? '<p class="none">No explanation.</p>'
      : `<p class="explanation" dir="auto">${escapeHtml(facts.explanation)}</p>`;
  return `<article id="h${index}"><header><h2>${name}</h2>${file}</header>
<div>${picture}</div>
<div><p><strong>${escapeHtml(gradeVerdict(outcome))}</strong> (${outcome.checklist.items.filter((item) => item.done).length}/${EX03_ITEM_IDS.length})</p>${flags}${warned}
<ul aria-label="EX03 checklist">${items}</ul>
<h3>Explanation (${words})</h3>${explanation}</div></article>`;
}
