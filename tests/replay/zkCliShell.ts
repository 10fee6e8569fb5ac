/**
 * One zkCli.sh (Debian's ZooKeeperMain) a test pastes lines into, as a learner would into
 * theirs: one per ZooKeeper session, since the session is the connection and an ephemeral node
 * belongs to the session that created it. zkCli has no exit status per line and no echo, so
 * after each line the shell sends `version`, whose answer (`ZooKeeper CLI version: ...`) marks
 * the end of the line's output (`Not connected` after `close`); its standard error is its standard output (`2>&1`), in order.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

// Once the session is closed, `version` too answers `Not connected` (zkCli's word for every
// command that needs a connection); nothing else is sent to a closed one.
const END = /ZooKeeper CLI version: [^\n]*\n|^Not connected\n/m;
/** A line that takes longer has hung (a lost connection retries for the session's timeout). */
const LINE_TIMEOUT_MS = 60_000;

export class ZkCliShell {
  private readonly child: ChildProcessWithoutNullStreams;
  private out = '';
  private waiting: ((out: string) => void) | null = null;
  /** The paths of the NodeDeleted watch events it has printed, in order. */
  readonly deletedWatched: string[] = [];
  /** Whether it has printed that its session expired (the Expired event every watch gets). */
  expiredHeard = false;
  /** Output not yet read for watch events: a notice may come in two chunks. */
  private unscanned = '';

  constructor(zkCli: string, connectString: string, sessionTimeoutMs: number) {
    const env = { PATH: '/usr/bin:/bin', LC_ALL: 'C', JAVA_HOME: process.env.JAVA_HOME ?? '' };
    this.child = spawn(
      '/bin/sh',
      ['-c', 'exec "$0" -timeout "$1" -server "$2" 2>&1', zkCli, String(sessionTimeoutMs), connectString],
      {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.child.stdout.on('data', (chunk: Buffer) => this.hear(String(chunk)));
    this.child.stderr.on('data', () => undefined);
    this.child.on('error', () => undefined);
  }

  private hear(chunk: string): void {
    this.out += chunk;
    this.scanEvents(chunk);
    const match = END.exec(this.out);
    if (match === null || this.waiting === null) return;
    const answer = this.out.slice(0, match.index);
    this.out = this.out.slice(match.index + match[0].length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  /** Reads the watch notices in whole lines (`WatchedEvent state:... type:... path:...`). */
  private scanEvents(chunk: string): void {
    const lines = (this.unscanned + chunk).split('\n');
    this.unscanned = lines.pop() ?? '';
    for (const line of lines) {
      const deleted = /type:NodeDeleted path:(\S+)/.exec(line);
      if (deleted) this.deletedWatched.push(deleted[1] ?? '');
      if (/WatchedEvent state:Expired/.test(line)) this.expiredHeard = true;
    }
  }

  /** Runs one line; what zkCli wrote for it, less its logging and its watch notices. */
  run(line: string): Promise<string> {
    if (this.waiting !== null) throw new Error('one line at a time');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`zkCli did not answer '${line}' in time: ${this.out}`)),
        LINE_TIMEOUT_MS,
      );
      this.waiting = (out) => {
        clearTimeout(timer);
        resolve(withoutNoise(out));
      };
      this.child.stdin.write(`${line}\nversion\n`);
    });
  }

  /** Sends `signal` to the zkCli and its java (SIGSTOP: it pings no more; its session will expire). */
  signal(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined || this.child.exitCode !== null || this.child.signalCode !== null) return;
    // The script (sh exec'd into zkCli.sh) runs java as its child: both get it.
    const pids = [this.child.pid, ...childrenOf(this.child.pid)];
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // It has ended between the look and the signal: nothing to stop.
      }
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.signal('SIGCONT');
      const timer = setTimeout(() => this.signal('SIGKILL'), 10_000);
      this.child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.stdin.end('quit\n');
    });
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function withoutNoise(out: string): string {
  return out
    .split('\n')
    .filter(
      (line) => !/^(SLF4J|log4j|WATCHER::|WatchedEvent |Connecting to |Welcome to ZooKeeper|JLine support)/.test(line),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}
