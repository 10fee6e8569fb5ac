/**
 * One shell a test pastes command lines into, in order, as a learner would into theirs: its
 * variables live from one line to the next (the etcd commands keep each session's lease ID in
 * one), and `ETCDCTL_ENDPOINTS` points etcdctl at the test's server. Each line's output and
 * exit status come back when it has finished.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname } from 'node:path';

export interface ShellAnswer {
  readonly out: string;
  readonly status: number;
}

const DONE = '__leaseline_done__';

export class PasteShell {
  private readonly child: ChildProcessWithoutNullStreams;
  private out = '';
  private err = '';
  private waiting: ((answer: ShellAnswer) => void) | null = null;

  constructor(etcdctl: string, endpoint: string) {
    // A clean environment: nothing of the caller's ETCDCTL_* may change where the commands go.
    const env = {
      PATH: `${dirname(etcdctl)}:/usr/bin:/bin`,
      ETCDCTL_API: '3',
      ETCDCTL_ENDPOINTS: endpoint,
      LC_ALL: 'C',
    };
    this.child = spawn('/bin/sh', [], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => this.hear(String(chunk)));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.err += String(chunk);
    });
  }

  private hear(chunk: string): void {
    this.out += chunk;
    const match = new RegExp(`${DONE}(\\d+)\\n`).exec(this.out);
    if (match === null || this.waiting === null) return;
    // Less the newline the marker starts with (a line's output need not end with one).
    const answer = { out: this.out.slice(0, Math.max(0, match.index - 1)), status: Number(match[1]) };
    this.out = this.out.slice(match.index + match[0].length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  /** Runs one line (a trailing `# comment` is the shell's to ignore); its stdout and status. */
  run(line: string): Promise<ShellAnswer> {
    if (this.waiting !== null) throw new Error('one line at a time');
    this.err = '';
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin.write(`${line}\nprintf '\\n${DONE}%s\\n' "$?"\n`);
    });
  }

  /** What the last line wrote to stderr, for a failure's message. */
  lastErrors(): string {
    return this.err.trim();
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.stdin.end('exit\n');
    });
  }
}
