/**
 * The module report's grading: each student's hand-ins graded by their exercise's grader
 * (EX03 `grade ex03`, EX04 on one PostgreSQL for the whole class, EX05 on the simulator),
 * written answers left to mark, LAB1 by the lab's acceptance test on each worker (`grade lab`,
 * on one PostgreSQL for the class), the quiz from the instructor's file, copies across the
 * class, then each row's verdict by the pass rule (moduleVerdict.ts).
 */
import type { Ex04Grader } from '../lab/ex04Grader';
import type { HandInDocument } from '../model/handInFileSchema';
import type { CliContext } from './cliContext';
import { ex04Verdict } from './formatEx04Grade';
import { gradeVerdict } from './formatGrade';
import { labSays, labVerdict } from './formatLabGrade';
import type { GradeOutcome } from './gradeCommand';
import { gradeEx04Loads } from './gradeEx04Command';
import { ex05Verdict, gradeEx05Loads } from './gradeEx05Command';
import { gradeLabLoads, type LabRunOptions } from './gradeLabCommand';
import { firstProblem, type LoadedHandIn } from './handInLoads';
import { workerFolderOf } from './labWorkerFolders';
import type { ClassFile, ClassStudent } from './moduleClass';
import { type ClassHandIn, type CopyPair, findCopies, findSameNames, type SameName } from './moduleCopies';
import type { Marks } from './moduleMarks';
import { type QuizScores, quizKey } from './moduleQuiz';
import {
  type LabStatus,
  MODULE_EXERCISES,
  type ModuleExercise,
  type ModuleVerdict,
  moduleVerdict,
} from './moduleVerdict';
import { workerFiles } from './workerFiles';

export const MODULE_COLUMNS = [...MODULE_EXERCISES, 'lab1'] as const;
export type ModuleColumn = (typeof MODULE_COLUMNS)[number];

/** One exercise of one student. */
export interface ModuleCell {
  readonly status: LabStatus;
  /** The grader's words (`fail (3/5)`, the reason a file is invalid), or ''. */
  readonly detail: string;
  /** The written answer a person marks (EX01, EX02, EX06), or null. */
  readonly text: string | null;
}

export interface ModuleRow {
  /** The folder (or, for loose files, the name) the row stands for. */
  readonly key: string;
  /** The name in the hand-ins, or the key when none gives one. */
  readonly name: string;
  readonly cells: Readonly<Record<ModuleColumn, ModuleCell>>;
  readonly quiz: number | null;
  readonly verdict: ModuleVerdict;
  /** Copies and shared names that concern this row. */
  readonly flags: readonly string[];
  /** Several hand-ins for one exercise, files whose exercise could not be read. */
  readonly notes: readonly string[];
}

export interface ModuleReport {
  readonly rows: readonly ModuleRow[];
  readonly copies: readonly CopyPair[];
  readonly sameNames: readonly SameName[];
  /** Whether `--quiz` was given (without it every quiz cell is "not given"). */
  readonly quizGiven: boolean;
  /** Whether `--marks` was given (without it every written answer is "to mark"). */
  readonly marksGiven: boolean;
}

/** How LAB1 is run for the class: one PostgreSQL, each worker within the lab's deadline. */
export type ModuleLabRun = LabRunOptions;

/** What the instructor gives besides the hand-ins, and how the real processes are run. */
export interface ModuleGrading {
  readonly quiz: QuizScores | null;
  /** The marks of the written answers (`--marks`), or null. */
  readonly marks: Marks | null;
  readonly openGrader: () => Promise<Ex04Grader>;
  readonly lab: ModuleLabRun;
}

/** Grades the class; a string when a database could not start. */
export async function gradeModule(
  context: CliContext,
  students: readonly ClassStudent[],
  grading: ModuleGrading,
): Promise<ModuleReport | string> {
  const { quiz, marks, openGrader, lab } = grading;
  const chosen = students.map((student) => choose(student));
  const pick = (exercise: 'ex04' | 'ex05' | 'lab1') =>
    chosen.flatMap(({ files }) => {
      const file = files.get(exercise);
      return file !== undefined && file.exercise === exercise ? [file.loaded] : [];
    });
  const ex04 = await gradeEx04Loads(pick('ex04'), openGrader);
  if (typeof ex04 === 'string') return ex04;
  const ex04Status = new Map(ex04.map((outcome) => [outcome.file, cellOf(ex04Verdict(outcome), outcome)]));
  const labOutcomes = await gradeLabLoads(context.io, pick('lab1'), lab);
  if (typeof labOutcomes === 'string') return labOutcomes;
  const labStatus = new Map(
    labOutcomes.map((outcome): [string, ModuleCell] => {
      const verdict = labVerdict(outcome);
      if (verdict === 'invalid') return [outcome.file, { status: 'invalid', detail: labSays(outcome), text: null }];
      return [outcome.file, { status: verdict === 'pass' ? 'pass' : 'fail', detail: verdict, text: null }];
    }),
  );
  // What the lab said of each worker, for the row's notes: why a LAB1 failed, or that it passed.
  const labNotes = new Map(
    labOutcomes.flatMap((outcome) =>
      labVerdict(outcome) === 'invalid' ? [] : [[outcome.file, `LAB1: ${labSays(outcome)}`] as const],
    ),
  );
  const ex05Status = new Map(
    gradeEx05Loads(context, pick('ex05')).map((outcome) => [outcome.file, cellOf(ex05Verdict(outcome), outcome)]),
  );

  const handIns: ClassHandIn[] = chosen.flatMap(({ student, files }) =>
    [...files.values()].flatMap((file): ClassHandIn[] => {
      if (file.exercise === 'ex03') {
        const { ex03 } = file;
        if (ex03.kind !== 'graded') return [];
        return [
          {
            student: student.key,
            night: { shape: ex03.shape, explanation: ex03.facts.explanation, name: ex03.facts.name },
          },
        ];
      }
      if (!file.loaded.ok) return [];
      const { document } = file.loaded;
      if (document.exercise !== 'lab1') return [{ student: student.key, document }];
      const folder = workerFolderOf(file.loaded.file, document.answer.folder);
      return [{ student: student.key, document, worker: folder === null ? null : workerFiles(context.io, folder) }];
    }),
  );
  const copies = findCopies(handIns);
  const sameNames = findSameNames(handIns);

  const rows = chosen.map(({ student, files, notes }): ModuleRow => {
    const name = nameOf(files) ?? student.key;
    const marked = marks?.marks.get(quizKey(name)) ?? marks?.marks.get(quizKey(student.key));
    const cell = (column: ModuleColumn): ModuleCell => {
      const file = files.get(column);
      if (file === undefined) return { status: 'missing', detail: '', text: null };
      if (file.exercise === 'ex03') return ex03Cell(file.ex03);
      if (!file.loaded.ok) return { status: 'invalid', detail: firstProblem(file.loaded.errors), text: null };
      if (column === 'ex04') return ex04Status.get(file.loaded.file) ?? missingGrade;
      if (column === 'ex05') return ex05Status.get(file.loaded.file) ?? missingGrade;
      if (column === 'lab1') return labStatus.get(file.loaded.file) ?? missingGrade;
      const text = writtenText(file.loaded.document);
      const mark = column === 'ex01' || column === 'ex02' || column === 'ex06' ? marked?.get(column) : undefined;
      return { status: mark ?? 'to mark', detail: '', text };
    };
    const cells = Object.fromEntries(MODULE_COLUMNS.map((column) => [column, cell(column)])) as Record<
      ModuleColumn,
      ModuleCell
    >;
    const score = quiz?.scores.get(quizKey(name)) ?? quiz?.scores.get(quizKey(student.key)) ?? null;
    const exercises = Object.fromEntries(MODULE_EXERCISES.map((id) => [id, cells[id].status])) as Record<
      ModuleExercise,
      LabStatus
    >;
    const flags = [
      ...copies
        .filter((pair) => pair.first === student.key || pair.second === student.key)
        .map((pair) => `${pair.exercise} identical to ${pair.first === student.key ? pair.second : pair.first}'s`),
      ...sameNames
        .filter((same) => same.students.includes(student.key))
        .map((same) => `name also in ${same.students.filter((key) => key !== student.key).join(', ')}`),
    ];
    const lab = files.get('lab1');
    const labNote = lab !== undefined && lab.exercise === 'lab1' ? labNotes.get(lab.loaded.file) : undefined;
    return {
      key: student.key,
      name,
      cells,
      quiz: score,
      verdict: moduleVerdict({ exercises, lab: cells.lab1.status, quiz: score }),
      flags,
      notes: labNote === undefined ? notes : [...notes, labNote],
    };
  });
  return { rows, copies, sameNames, quizGiven: quiz !== null, marksGiven: marks !== null };
}

const missingGrade: ModuleCell = { status: 'invalid', detail: 'not graded', text: null };

function cellOf(verdict: string, outcome: { kind: string; reason?: string }): ModuleCell {
  if (outcome.kind === 'invalid') return { status: 'invalid', detail: outcome.reason ?? '', text: null };
  return { status: verdict === 'pass' ? 'pass' : 'fail', detail: verdict, text: null };
}

/** EX03: a complete checklist passes, unless flagged (a preset, no explanation): then a person looks. */
function ex03Cell(outcome: GradeOutcome): ModuleCell {
  if (outcome.kind === 'invalid') {
    const [first] = outcome.errors;
    return { status: 'invalid', detail: first === undefined ? '' : firstProblem(outcome.errors), text: null };
  }
  const verdict = gradeVerdict(outcome);
  if (!outcome.checklist.complete) return { status: 'fail', detail: verdict, text: null };
  if (outcome.facts.flags.length > 0)
    return { status: 'to mark', detail: `${verdict}, flagged: ${outcome.facts.flags.join('; ')}`, text: null };
  return { status: 'pass', detail: verdict, text: null };
}

function writtenText(document: HandInDocument): string | null {
  if (document.exercise === 'ex01' || document.exercise === 'ex02') return document.answer.text;
  if (document.exercise === 'ex06')
    return document.answer.night === undefined
      ? document.answer.text
      : `${document.answer.text}\n(a night is attached)`;
  return null;
}

interface Chosen {
  readonly student: ClassStudent;
  /** The file graded for each exercise. */
  readonly files: ReadonlyMap<ModuleColumn, ClassFile>;
  readonly notes: readonly string[];
}

/** One file per exercise: a valid one before an invalid one, then the latest date, then the last found. */
function choose(student: ClassStudent): Chosen {
  const files = new Map<ModuleColumn, ClassFile>();
  const notes: string[] = [];
  const counts = new Map<ModuleColumn, number>();
  for (const file of student.files) {
    if (file.exercise === 'unknown') {
      notes.push(
        `${file.loaded.file}: a hand-in whose exercise cannot be read: ${firstProblem(errorsOf(file.loaded))}`,
      );
      continue;
    }
    counts.set(file.exercise, (counts.get(file.exercise) ?? 0) + 1);
    const held = files.get(file.exercise);
    if (held === undefined || rank(file) >= rank(held)) files.set(file.exercise, file);
  }
  for (const [column, count] of counts)
    if (count > 1) notes.push(`${count} hand-ins for ${column.toUpperCase()}; the latest valid one is graded`);
  return { student, files, notes };
}

const errorsOf = (loaded: LoadedHandIn) => (loaded.ok ? [] : loaded.errors);

/** Valid before invalid, then by date (ISO dates sort as text). */
function rank(file: ClassFile): string {
  if (file.exercise === 'ex03') return file.ex03.kind === 'graded' ? '1' : '0';
  if (file.exercise === 'unknown' || !file.loaded.ok) return '0';
  return `1${file.loaded.document.date}`;
}

function nameOf(files: ReadonlyMap<ModuleColumn, ClassFile>): string | null {
  for (const file of files.values()) {
    if (file.exercise === 'ex03') {
      if (file.ex03.kind === 'graded' && file.ex03.facts.name !== null) return file.ex03.facts.name;
    } else if (file.exercise !== 'unknown' && file.loaded.ok) return file.loaded.document.student;
  }
  return null;
}
