/**
 * The replicas as real processes: each started in a process group of its own (so a SIGSTOP
 * reaches a `sh -c` and everything it started), its output read line by line, its exit
 * reported. `killAll` is synchronous so a signal handler can call it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerSpec {
  readonly replica: string;
  readonly env: Readonly<Record<string, string>>;
  /** A shell command (`--worker`), or null for the built-in worker. */
  readonly command: string | null;
  /** Where it runs; the harness's own folder when not given. */
  readonly cwd?: string;
  /**
   * The environment under the lab's variables; ours when not given. `grade lab` gives a
   * minimal one so a student's worker never sees the grader's secrets (workerFolder.ts).
   */
  readonly baseEnv?: Readonly<Record<string, string>>;
}

export interface WorkerExit {
  readonly replica: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** The last lines it wrote on standard error. */
  readonly stderrTail: string;
  /** Set when the process could not be started at all. */
  readonly startError: string | null;
}

export interface WorkerHandlers {
  readonly onLine: (replica: string, line: string) => void;
  /** Every line it writes on standard error (standard output goes to `onLine`). */
  readonly onErrorLine?: (replica: string, line: string) => void;
  readonly onExit: (exit: WorkerExit) => void;
}

const STDERR_TAIL_CHARS = 2000;

/**
 * The built-in worker as a process: plain node on `builtinWorker.mjs` beside the built
 * command (`dist-cli/`, scripts/build-cli.mjs, where tsx may not be installed), else node
 * plus tsx's loader on its TypeScript source.
 */
function builtinCommand(): { file: string; args: string[] } {
  const here = dirname(fileURLToPath(import.meta.url));
  if (!import.meta.url.endsWith('.ts')) return { file: process.execPath, args: [join(here, 'builtinWorker.mjs')] };
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  return { file: process.execPath, args: ['--import', tsx, join(here, 'worker', 'builtinWorker.ts')] };
}

export class WorkerProcesses {
  private readonly children = new Map<string, ChildProcess>();
  private readonly exited = new Set<string>();

  constructor(private readonly handlers: WorkerHandlers) {}

  start(spec: WorkerSpec): void {
    const { file, args } = spec.command === null ? builtinCommand() : { file: '/bin/sh', args: ['-c', spec.command] };
    const child = spawn(file, args, {
      env: { ...(spec.baseEnv ?? process.env), ...spec.env },
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.children.set(spec.replica, child);
    let stderrTail = '';
    let startError: string | null = null;
    let pending = '';
    let pendingError = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.handlers.onLine(spec.replica, line);
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
      if (this.handlers.onErrorLine === undefined) return;
      pendingError += chunk;
      const lines = pendingError.split('\n');
      pendingError = lines.pop() ?? '';
      for (const line of lines) this.handlers.onErrorLine(spec.replica, line);
    });
    child.stdin?.on('error', () => undefined);
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code, signal) => {
      if (pending !== '') this.handlers.onLine(spec.replica, pending);
      if (pendingError !== '') this.handlers.onErrorLine?.(spec.replica, pendingError);
      this.exited.add(spec.replica);
      this.handlers.onExit({ replica: spec.replica, code, signal, stderrTail: stderrTail.trim(), startError });
    });
  }

  /** SIGSTOP to the replica's process group: the whole worker stops where it is. */
  pause(replica: string): boolean {
    return this.signalGroup(replica, 'SIGSTOP');
  }

  resume(replica: string): void {
    this.signalGroup(replica, 'SIGCONT');
  }

  isRunning(replica: string): boolean {
    return this.children.has(replica) && !this.exited.has(replica);
  }

  runningCount(): number {
    return [...this.children.keys()].filter((replica) => !this.exited.has(replica)).length;
  }

  /** SIGKILL to every group still there (works on stopped processes too). Synchronous. */
  killAll(): void {
    for (const replica of this.children.keys()) {
      if (!this.exited.has(replica)) this.signalGroup(replica, 'SIGKILL');
    }
  }

  /** Resolves once every started worker has exited. */
  async allExited(): Promise<void> {
    await Promise.all(
      [...this.children.entries()].map(([replica, child]) =>
        this.exited.has(replica) ? undefined : new Promise<void>((resolve) => child.once('close', () => resolve())),
      ),
    );
  }

  private signalGroup(replica: string, signal: NodeJS.Signals): boolean {
    const pid = this.children.get(replica)?.pid;
    if (pid === undefined || this.exited.has(replica)) return false;
    try {
      process.kill(-pid, signal);
      return true;
    } catch {
      return false;
    }
  }
}
