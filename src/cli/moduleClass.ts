/**
 * Which hand-ins belong to whom in `grade module FOLDER`: each sub-folder is one student (its
 * files searched as `grade` searches a folder); files directly in FOLDER are grouped by the
 * student named in them. Each file is sorted to its exercise: a hand-in file by its
 * `exercise`; a file that is not one but is named or formatted as one (`ex05-...`, or
 * `"leaseline/hand-in"` inside) is that exercise's, invalid; anything else is an EX03 scenario
 * file or PNG, graded as `grade ex03` grades it.
 */
import { basename, join } from 'node:path';
import type { HandInExercise } from '../model/handInFileSchema';
import type { CliContext } from './cliContext';
import { type GradeOutcome, gradeFile } from './gradeCommand';
import { collectHandInFiles } from './handInFiles';
import { type LoadedHandIn, loadHandInFromDisk } from './handInLoads';

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
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of sorted) {
    if (entry.name.startsWith('.')) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory) {
      const found = collectHandInFiles(context.io, [path]);
      notices.push(...found.notices);
      students.push({ key: entry.name, files: found.files.map((file) => classify(context, file)) });
    } else if (/\.(json|png)$/i.test(entry.name)) {
      const sortedFile = classify(context, path);
      const key = studentOf(sortedFile) ?? entry.name;
      loose.set(key, [...(loose.get(key) ?? []), sortedFile]);
    }
  }
  for (const [key, files] of loose) students.push({ key, files });
  return { students, notices };
}

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
