/**
 * The last resort for embedded servers not stopped by their owner: when this Node process
 * exits, or is ended by a signal nobody else handles, each server still running is killed and
 * its folder removed, synchronously. A signal that someone else handles (the lab's Ctrl+C)
 * is theirs: they stop the server in order, and the 'exit' hook catches what they miss.
 */
import { rmSync } from 'node:fs';

interface LiveServer {
  readonly folder: string;
  pid: number | null;
}

const live = new Set<LiveServer>();
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface TrackedServer {
  /** The server's process, once spawned. */
  setPid(pid: number): void;
  /** Its owner stopped it and removed its folder. */
  untrack(): void;
}

/** Watches `folder` (and, once known, the server's process) until `untrack()`. */
export function trackServer(folder: string): TrackedServer {
  const server: LiveServer = { folder, pid: null };
  if (live.size === 0) install();
  live.add(server);
  return {
    setPid(pid) {
      server.pid = pid;
    },
    untrack() {
      if (!live.delete(server)) return;
      if (live.size === 0) uninstall();
    },
  };
}

function cleanUpNow(): void {
  for (const server of live) {
    if (server.pid !== null) {
      try {
        // Its backends notice the postmaster's death and leave by themselves.
        process.kill(server.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    rmSync(server.folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  cleanUpNow();
  uninstall();
  // Ended by the signal, as it would have been without us.
  process.kill(process.pid, signal);
}

function install(): void {
  process.on('exit', cleanUpNow);
  for (const signal of SIGNALS) process.on(signal, onSignal);
}

function uninstall(): void {
  process.off('exit', cleanUpNow);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}
