/** The real terminal and file system behind `CliIo`. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SCENARIO_TEXT_CHARS_MAX } from '../model/loadScenario';
import type { CliIo } from './cliContext';

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
};

/**
 * Reads a file as strict UTF-8 without ever loading more than FILE_BYTES_MAX, and turns
 * Node's errors into words ("no such file") instead of `ENOENT: ...` with a stack.
 */
function readFile(path: string): string {
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
    if (size > FILE_BYTES_MAX) throw new Error(`it is ${size} bytes; a scenario file is at most 1 MiB of text`);
    const bytes = new Uint8Array(size);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, bytes, read, size - read, read);
      if (count === 0) break;
      read += count;
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, read));
    } catch {
      throw new Error('it is not UTF-8 text');
    }
  } catch (error) {
    // Our own sentences pass through; Node's coded errors are put into words.
    throw error instanceof Error && !('code' in error) ? error : new Error(describeFsError(error));
  } finally {
    closeSync(fd);
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
