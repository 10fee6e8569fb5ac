/**
 * A LAB1 worker's files as the copy check compares them (moduleCopies.ts): every file of the
 * folder but its `node_modules` and `.git`, by path, as text; an archive as its bytes. Read
 * through CliIo, in a stable order. Null when the folder cannot be read or is no worker's size.
 */
import type { CliIo } from './cliContext';
import type { WorkerFile } from './moduleCopies';

const FILE_BYTES_MAX = 1024 * 1024;
const FILES_MAX = 2000;
const SKIPPED = new Set(['node_modules', '.git']);

export function workerFiles(io: CliIo, folder: string): WorkerFile[] | null {
  const found: WorkerFile[] = [];
  try {
    if (io.listDirectory(folder) === null)
      return [{ path: '', text: latin1(io.readBytes(folder, 64 * FILE_BYTES_MAX)) }];
    if (!walk(io, folder, '', found)) return null;
  } catch {
    return null;
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function walk(io: CliIo, folder: string, prefix: string, found: WorkerFile[]): boolean {
  for (const entry of io.listDirectory(folder) ?? []) {
    if (SKIPPED.has(entry.name)) continue;
    const path = `${folder}/${entry.name}`;
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory) {
      if (!walk(io, path, relative, found)) return false;
      continue;
    }
    if (found.length >= FILES_MAX) return false;
    found.push({ path: relative, text: new TextDecoder().decode(io.readBytes(path, FILE_BYTES_MAX)) });
  }
  return true;
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
