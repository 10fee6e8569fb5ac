/**
 * The quiz scores for `grade module --quiz FILE.csv`. The quiz is a self-check in the course
 * (the app does not record it), so its score comes from the instructor's file: one row per
 * student, `student,score`, the score a whole number out of 10; a first row whose score is
 * not a number is taken for a header. Names match case and spacing aside. Pure.
 */
import { QUIZ_OUT_OF } from './moduleVerdict';

export interface QuizScores {
  /** Scores by name key (`quizKey`). */
  readonly scores: ReadonlyMap<string, number>;
  /** Rows that could not be read, as `line N: reason`. */
  readonly problems: readonly string[];
}

/** The key a name is matched by: spacing collapsed, lower case. */
export const quizKey = (name: string): string => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** Reads the instructor's CSV. Pure. */
export function parseQuizCsv(text: string): QuizScores {
  const scores = new Map<string, number>();
  const problems: string[] = [];
  const rows = parseCsvRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  rows.forEach((cells, index) => {
    const line = index + 1;
    if (cells.every((cell) => cell.trim() === '')) return;
    const [name = '', score = ''] = cells.map((cell) => cell.trim());
    if (!/^\d+$/.test(score)) {
      if (index !== 0) problems.push(`line ${line}: the score ${JSON.stringify(score)} is not a whole number`);
      return;
    }
    const value = Number(score);
    if (name === '') problems.push(`line ${line}: no student name`);
    else if (value > QUIZ_OUT_OF) problems.push(`line ${line}: the score ${value} is above ${QUIZ_OUT_OF}`);
    else if (scores.has(quizKey(name)))
      problems.push(`line ${line}: ${name} is given a second time; the first is kept`);
    else scores.set(quizKey(name), value);
  });
  return { scores, problems };
}

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
