/**
 * Copies across a class: two students' hand-ins for one exercise that are the same answer once
 * the words that differ between honest copies are gone (the student's name, the date, runs of
 * whitespace, and for EX04 the case of the SQL outside string literals, which PostgreSQL
 * ignores too; for EX03 the night's titles, labels and event ids; for LAB1 the worker's files,
 * not the folder's name); and one name handed in from two folders. A flag asks the grader to
 * look; it judges nothing. Pure.
 */
import type { HandInDocument } from '../model/handInFileSchema';

/** One file of a LAB1 worker, as read for the comparison (workerFiles.ts). */
export interface WorkerFile {
  /** Relative to the worker's folder, `/` between folders. */
  readonly path: string;
  readonly text: string;
}

/** One hand-in as the module report saw it: whose row it is in, and what was handed in. */
export type ClassHandIn =
  | {
      /** The row's key: the student's folder (or name, for files directly in the class folder). */
      readonly student: string;
      readonly document: HandInDocument;
      /** For LAB1: the worker's files (null when its folder cannot be read: then it matches nobody's). */
      readonly worker?: readonly WorkerFile[] | null;
    }
  | {
      readonly student: string;
      /** EX03: the night without its words (handInFacts.ts scenarioShape), the explanation and the name in it. */
      readonly night: { readonly shape: string; readonly explanation: string; readonly name: string | null };
    };

export interface CopyPair {
  readonly exercise: string;
  readonly first: string;
  readonly second: string;
}

export interface SameName {
  readonly name: string;
  readonly students: readonly string[];
}

/** What is compared: the answer with everything a copier would change without thinking removed. */
export function normalisedHandIn(handIn: ClassHandIn): string {
  if ('night' in handIn) {
    const names = nameForms(handIn.night.name ?? '');
    return `ex03\u0000${handIn.night.shape}\u0000${collapse(removeNames(handIn.night.explanation, names))}`;
  }
  const { document } = handIn;
  if (document.exercise !== 'lab1' || handIn.worker === undefined) return normalisedAnswer(document);
  if (handIn.worker === null) return `lab1\u0000unreadable\u0000${handIn.student}`;
  const names = nameForms(document.student);
  const files = handIn.worker.map((file) => `${file.path}=${collapse(removeNames(file.text, names))}`);
  return `lab1\u0000command=${collapse(removeNames(document.answer.command, names))}\u0000${files.join('\u0000')}`;
}

/** A hand-in file's answer with everything a copier would change without thinking removed. */
export function normalisedAnswer(document: HandInDocument): string {
  const names = nameForms(document.student);
  const fields = Object.entries(document.answer as Record<string, unknown>)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const unnamed = removeNames(text, names);
      const cased = document.exercise === 'ex04' && key === 'sql' ? lowerOutsideStrings(unnamed) : unnamed;
      return `${key}=${collapse(cased)}`;
    });
  return `${document.exercise}\u0000${fields.join('\u0000')}`;
}

/** Every pair of students whose hand-ins for one exercise normalise alike, in input order. */
export function findCopies(handIns: readonly ClassHandIn[]): CopyPair[] {
  const byAnswer = new Map<string, string[]>();
  for (const handIn of handIns) {
    const key = normalisedHandIn(handIn);
    const students = byAnswer.get(key) ?? [];
    if (!students.includes(handIn.student)) students.push(handIn.student);
    byAnswer.set(key, students);
  }
  const pairs: CopyPair[] = [];
  for (const [key, students] of byAnswer) {
    const exercise = key.slice(0, key.indexOf('\u0000')).toUpperCase();
    for (let i = 0; i < students.length; i += 1)
      for (let j = i + 1; j < students.length; j += 1)
        pairs.push({ exercise, first: students[i] as string, second: students[j] as string });
  }
  return pairs;
}

/** Names (case and spacing aside) that appear in the hand-ins of more than one row. */
export function findSameNames(handIns: readonly ClassHandIn[]): SameName[] {
  const byName = new Map<string, { name: string; students: string[] }>();
  for (const handIn of handIns) {
    const name = 'night' in handIn ? handIn.night.name : handIn.document.student;
    if (name === null || collapse(name) === '') continue;
    const key = collapse(name).toLowerCase();
    const entry = byName.get(key) ?? { name, students: [] };
    if (!entry.students.includes(handIn.student)) entry.students.push(handIn.student);
    byName.set(key, entry);
  }
  return [...byName.values()].filter((entry) => entry.students.length > 1);
}

/**
 * Whitespace as one space. A literal `\n` or `\t` (two characters, text pasted out of a JSON
 * string) counts as whitespace too: pasting through an editor must not hide a copy.
 */
function collapse(text: string): string {
  return text
    .replace(/\\[nrt]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The full name and each of its words of three letters or more, longest first. */
function nameForms(student: string): string[] {
  const full = collapse(student);
  const words = full.split(' ').filter((word) => word.length >= 3);
  return [...new Set([full, ...words])].filter((form) => form !== '').sort((a, b) => b.length - a.length);
}

function removeNames(text: string, names: readonly string[]): string {
  let result = text;
  for (const name of names) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  }
  return result;
}

/** SQL keywords and unquoted names are case-blind in PostgreSQL; 'string literals' are not. */
function lowerOutsideStrings(sql: string): string {
  return sql
    .split(/('(?:[^']|'')*')/)
    .map((part, index) => (index % 2 === 1 ? part : part.toLowerCase()))
    .join('');
}
