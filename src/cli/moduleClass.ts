/**
 * Which hand-ins belong to whom in `grade module FOLDER`: each sub-folder is one student (its
 * files searched as `grade` searches a folder); files directly in FOLDER are grouped by the
 * student named in them. Each file is sorted to its exercise: a hand-in file by its
 * `exercise`; a file that is not one but is named or formatted as one (`ex05-...`, or
 * `"leaseline/hand-in"` inside) is that exercise's, invalid; anything else is an EX03 scenario
 * file or PNG, graded as `grade ex03` grades it, unless it lies in a LAB1 hand-in's worker
 * folder (it is the worker's).
 */
import { basename, join, resolve } from 'node:path';
import type { HandInExercise } from '../model/handInFileSchema';
import type { CliContext } from './cliContext';
import { type GradeOutcome, gradeFile } from './gradeCommand';
import { collectHandInFiles } from './handInFiles';
import { type LoadedHandIn, loadHandInFromDisk } from './handInLoads';
import { insideWorkerFolder, workerFoldersOf } from './labWorkerFolders';

/** One file of a student, sorted to its exercise. */
export type ClassFile =
  | { readonly exercise: HandInExercise; readonly loaded: LoadedHandIn }
  | { readonly exercise: 'ex03'; readonly ex03: GradeOutcome }
  /** A hand-in file too broken to say its exercise: listed in the row's notes. */
  | { readonly exercise: 'unknown'; readonly loaded: LoadedHandIn };

/** One row of the report: a folder (or a name, for loose files) and its files. */
export interface ClassStudent {
  readonly key: string;
  readonly files: readonly ClassFile[];
}

export interface ClassFiles {
  readonly students: readonly ClassStudent[];
  readonly notices: readonly string[];
}

/** Reads the class folder; null when it is no folder. */
export function collectClass(context: CliContext, folder: string): ClassFiles | null {
  const entries = context.io.listDirectory(folder);
  if (entries === null) return null;
  const notices: string[] = [];
  const students: ClassStudent[] = [];
  const loose = new Map<string, ClassFile[]>();
  const sorted = [...entries]
    .filter((entry) => !entry.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Loose files first: a loose LAB1 hand-in's worker folder is a sub-folder, not a student.
  for (const entry of sorted) {
    if (entry.isDirectory || !/\.(json|png)$/i.test(entry.name)) continue;
    const sortedFile = classify(context, join(folder, entry.name));
    const key = studentOf(sortedFile) ?? entry.name;
    loose.set(key, [...(loose.get(key) ?? []), sortedFile]);
  }
  const looseWorkers = workerFoldersOf(
    [...loose.values()].flat().flatMap((file) => (file.exercise === 'lab1' ? [file.loaded] : [])),
  );
  for (const entry of sorted) {
    const path = join(folder, entry.name);
    if (!entry.isDirectory || looseWorkers.includes(resolve(path)) || insideWorkerFolder(path, looseWorkers)) continue;
    const found = collectHandInFiles(context.io, [path]);
    notices.push(...found.notices);
    students.push({ key: entry.name, files: withoutWorkerFiles(found.files.map((file) => classify(context, file))) });
  }
  for (const [key, files] of loose) students.push({ key, files });
  return { students, notices };
}

/**
 * A LAB1 worker's own files (its package.json, a config) are not the student's hand-ins: a
 * file in a worker's folder that does not read as a hand-in is passed over, not reported
 * invalid. (A worker's folder may be the student's own, `.`.)
 */
function withoutWorkerFiles(files: readonly ClassFile[]): ClassFile[] {
  const folders = workerFoldersOf(files.flatMap((file) => (file.exercise === 'lab1' ? [file.loaded] : [])));
  if (folders.length === 0) return [...files];
  return files.filter((file) => isHandInFile(file) || !insideWorkerFolder(fileOf(file), folders));
}

/** A file that reads as a hand-in (a scenario file or PNG that grades counts): kept even in a worker's folder. */
const isHandInFile = (file: ClassFile) => (file.exercise === 'ex03' ? file.ex03.kind === 'graded' : file.loaded.ok);
const fileOf = (file: ClassFile) => (file.exercise === 'ex03' ? file.ex03.file : file.loaded.file);

function classify(context: CliContext, file: string): ClassFile {
  const loaded = loadHandInFromDisk(context.io, file);
  if (loaded.ok) return { exercise: loaded.document.exercise, loaded };
  const named = /^(ex0[124-6]|lab1)-/i.exec(basename(file))?.[1]?.toLowerCase() as HandInExercise | undefined;
  if (named !== undefined) return { exercise: named, loaded };
  if (saysHandIn(context, file)) return { exercise: 'unknown', loaded };
  return { exercise: 'ex03', ex03: gradeFile(context, file).outcome };
}

/** A hand-in file too broken to say its exercise is still not a scenario file. */
function saysHandIn(context: CliContext, file: string): boolean {
  try {
    return context.io.readFile(file).includes('leaseline/hand-in');
  } catch {
    return false;
  }
}

function studentOf(file: ClassFile): string | null {
  if (file.exercise === 'ex03') return file.ex03.kind === 'graded' ? file.ex03.facts.name : null;
  if (file.exercise === 'unknown') return null;
  return file.loaded.ok ? file.loaded.document.student : null;
}
