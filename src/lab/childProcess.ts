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
