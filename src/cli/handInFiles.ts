/**
 * Which files `grade` reads: each FILE operand as given, and for a folder every `*.json` and
 * `*.png` inside it, recursively, in a stable order (sorted by path), skipping hidden folders
 * (`.git`) and never following symbolic links into folders.
 */
import { join } from 'node:path';
import type { CliIo } from './cliContext';

/** Nesting deeper than this is not walked: a class's hand-ins are a folder or two deep. */
const FOLDER_DEPTH_MAX = 16;
/** More files than this in one run is a mistake (the wrong folder), not a class. */
export const HAND_IN_FILES_MAX = 10_000;
const HAND_IN_NAME = /\.(json|png)$/i;

export interface HandInFiles {
  readonly files: readonly string[];
  /** Sentences about folders that gave nothing or too much, for standard error. */
  readonly notices: readonly string[];
}

/** Expands folders among `operands` into their hand-ins; files are kept as given. */
export function collectHandInFiles(io: CliIo, operands: readonly string[]): HandInFiles {
  const files: string[] = [];
  const notices: string[] = [];
  for (const operand of operands) {
    if (io.listDirectory(operand) === null) {
      files.push(operand);
      continue;
    }
    const found: string[] = [];
    walk(io, operand, 0, found, notices);
    if (found.length === 0) notices.push(`${operand}: the folder holds no *.json or *.png files`);
    files.push(...found.sort(comparePaths));
  }
  if (files.length > HAND_IN_FILES_MAX) {
    notices.push(`${files.length} files found; only the first ${HAND_IN_FILES_MAX} are graded`);
    return { files: files.slice(0, HAND_IN_FILES_MAX), notices };
  }
  return { files, notices };
}

function walk(io: CliIo, folder: string, depth: number, found: string[], notices: string[]): void {
  if (found.length > HAND_IN_FILES_MAX) return;
  const entries = io.listDirectory(folder) ?? [];
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (depth + 1 >= FOLDER_DEPTH_MAX) notices.push(`${path}: nested too deep; not searched`);
      else walk(io, path, depth + 1, found, notices);
    } else if (HAND_IN_NAME.test(entry.name)) {
      found.push(path);
    }
  }
}

/** Plain code-unit order, the same on every machine and locale. */
function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
