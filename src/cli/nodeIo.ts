/** The real terminal and file system behind `CliIo`. */
import { closeSync, fstatSync, openSync, readdirSync, readSync, statSync, writeFileSync } from 'node:fs';
import { SCENARIO_TEXT_CHARS_MAX } from '../model/loadScenario';
import type { CliIo, DirectoryEntry } from './cliContext';

/** UTF-8 takes at most 4 bytes a character: a file past this cannot be a valid scenario. */
const FILE_BYTES_MAX = 4 * SCENARIO_TEXT_CHARS_MAX;

export const nodeIo: CliIo = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
  readFile,
  readBytes: (path, maxBytes) => readBytes(path, maxBytes),
  listDirectory,
  writeFile: (path, text) => {
    try {
      writeFileSync(path, text);
    } catch (error) {
      throw new Error(describeFsError(error));
    }
  },
};

/**
 * Reads a file as strict UTF-8 without ever loading more than FILE_BYTES_MAX, and turns
 * Node's errors into words ("no such file") instead of `ENOENT: ...` with a stack.
 */
function readFile(path: string): string {
  const bytes = readBytes(path, FILE_BYTES_MAX, 'a scenario file is at most 1 MiB of text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('it is not UTF-8 text');
  }
}

/** The bytes of a file of at most `maxBytes`, checked before reading it; errors in words. */
function readBytes(path: string, maxBytes: number, limit = `a hand-in is at most ${maxBytes} bytes`): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new Error(describeFsError(error));
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new Error('it is a directory, not a file');
    const size = stat.size;
    if (size > maxBytes) throw new Error(`it is ${size} bytes; ${limit}`);
    const bytes = new Uint8Array(size);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, bytes, read, size - read, read);
      if (count === 0) break;
      read += count;
    }
    return bytes.subarray(0, read);
  } catch (error) {
    // Our own sentences pass through; Node's coded errors are put into words.
    throw error instanceof Error && !('code' in error) ? error : new Error(describeFsError(error));
  } finally {
    closeSync(fd);
  }
}

/** A folder's entries; null when `path` is not a folder (a file, or nothing at all). */
function listDirectory(path: string): readonly DirectoryEntry[] | null {
  try {
    if (!statSync(path).isDirectory()) return null;
    // Dirent types come from lstat: a symbolic link to a folder is not walked into (no loops).
    return readdirSync(path, { withFileTypes: true }).map((entry) => ({
      name: entry.name,
      isDirectory: entry.isDirectory(),
    }));
  } catch {
    return null;
  }
}

function describeFsError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error instanceof Error ? (error.message.split('\n')[0] ?? 'unknown error') : String(error);
  }
}
