/**
 * Stopping a server the lab or a test started (PostgreSQL, Redis), and the tail of its output
 * for a failure's message: one way for every child process, so none is left running.
 */
import type { ChildProcess } from 'node:child_process';

/**
 * Sends `signal` (the server's own fast shutdown), then SIGKILL after `graceMs`; resolves
 * once the process is gone (at once when it already is).
 */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** The last five lines of a process's output on one line, for an error message; '' when none. */
export function lastLines(output: string): string {
  return output.trim().split('\n').slice(-5).join(' | ');
}

/** How to tell that a server child is ready, and what to call it in a failure. */
export interface Readiness {
  /** The program's name in messages ("etcd", "redis-server"). */
  readonly name: string;
  /** What it failed to do in time, for the message ("was not healthy", "did not answer PING"). */
  readonly notReady: string;
  readonly isReady: () => Promise<boolean>;
  readonly timeoutMs: number;
  readonly pollMs: number;
}

/**
 * Resolves once `readiness.isReady()` says so; rejects with the child's last output when it
 * could not run, exits first, or takes longer than the timeout. The one start-up wait of the
 * real servers (Redis, etcd, ZooKeeper).
 */
export async function untilReady(child: ChildProcess, readiness: Readiness): Promise<void> {
  let output = '';
  const hear = (chunk: Buffer) => {
    output = (output + String(chunk)).slice(-4000);
  };
  child.stdout?.on('data', hear);
  child.stderr?.on('data', hear);
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });
  const { name } = readiness;
  const deadline = performance.now() + readiness.timeoutMs;
  try {
    while (performance.now() < deadline) {
      if (spawnError !== null) throw new Error(`${name} could not run: ${(spawnError as Error).message}`);
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${name} stopped at start (${child.signalCode ?? `status ${child.exitCode}`}): ${lastLines(output) || 'no output'}`,
        );
      }
      if (await readiness.isReady()) return;
      await new Promise((resolve) => setTimeout(resolve, readiness.pollMs));
    }
    throw new Error(
      `${name} ${readiness.notReady} after ${readiness.timeoutMs / 1000} s: ${lastLines(output) || 'no output'}`,
    );
  } finally {
    child.stdout?.off('data', hear);
    child.stderr?.off('data', hear);
  }
}
