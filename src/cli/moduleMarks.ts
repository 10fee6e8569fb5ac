/**
 * The instructor's marks for the written exercises, `grade module --marks FILE.csv`: a person
 * reads EX01, EX02 and EX06 (the page lists the solution points to tick), then writes the
 * marks in a CSV the report reads back, so the verdict can settle. The first row names the
 * columns: `student` and any of `ex01`, `ex02`, `ex06`; each cell `pass`, `fail` or empty (not
 * marked yet). Names match as the quiz's do (case and spacing aside). Pure.
 */
import { parseCsvRows, quizKey } from './moduleQuiz';
import { WRITTEN_EXERCISES, type WrittenExercise } from './solutionPoints';

export type Mark = 'pass' | 'fail';

export interface Marks {
  /** Marks by name key (`quizKey`), then by exercise. */
  readonly marks: ReadonlyMap<string, ReadonlyMap<WrittenExercise, Mark>>;
  /** What could not be read, as `line N: reason`. */
  readonly problems: readonly string[];
}

/** Reads the instructor's CSV; a header row is required (it says which column is which). Pure. */
export function parseMarksCsv(text: string): Marks {
  const rows = parseCsvRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const [header = [], ...body] = rows;
  const names = header.map((cell) => cell.trim().toLowerCase());
  const problems: string[] = [];
  const studentColumn = names.indexOf('student');
  if (studentColumn === -1)
    return {
      marks: new Map(),
      problems: ['line 1: the first row must name the columns: student, then ex01, ex02, ex06'],
    };
  const columns = WRITTEN_EXERCISES.flatMap((exercise) => {
    const index = names.indexOf(exercise);
    return index === -1 ? [] : [{ exercise, index }];
  });
  for (const name of names)
    if (name !== '' && name !== 'student' && !WRITTEN_EXERCISES.some((exercise) => exercise === name))
      problems.push(
        `line 1: the column ${JSON.stringify(name)} is not one of student, ex01, ex02, ex06; it is left out`,
      );
  const marks = new Map<string, Map<WrittenExercise, Mark>>();
  body.forEach((cells, index) => {
    const line = index + 2;
    if (cells.every((cell) => cell.trim() === '')) return;
    const student = (cells[studentColumn] ?? '').trim();
    if (student === '') {
      problems.push(`line ${line}: no student name`);
      return;
    }
    if (marks.has(quizKey(student))) {
      problems.push(`line ${line}: ${student} is given a second time; the first is kept`);
      return;
    }
    const row = new Map<WrittenExercise, Mark>();
    for (const { exercise, index: column } of columns) {
      const value = (cells[column] ?? '').trim().toLowerCase();
      if (value === 'pass' || value === 'fail') row.set(exercise, value);
      else if (value !== '')
        problems.push(`line ${line}: ${exercise} is ${JSON.stringify(value)}; a mark is pass, fail or empty`);
    }
    marks.set(quizKey(student), row);
  });
  return { marks, problems };
}
