/**
 * `leaseline lab` flags (docs/lab.md, "The command"): parsed into LabOptions, or one sentence
 * saying what is wrong (the command exits 2 with it). Durations are docs/scenario-format.md durations in
 * simulated time; `--scale` turns them into real milliseconds.
 */
import { parseDurationMs } from '../model/duration';
import { ETCD_EXPIRY_LOOK_MS, leaseTtlSecondsOf } from './labEtcdKeys';
import type { Fencing, LabLock, RedisTokenSource } from './worker/workerEnv';

export interface LabOptions {
  /** Where the lock lives: ShedLock's row in the PostgreSQL, a key on a real Redis (`--lock redis`), or an etcd Mutex (`--lock etcd`). */
  readonly lock: LabLock;
  /** `--failover` (Redis only): the primary is killed at the holder's first write and its replica promoted. */
  readonly failover: boolean;
  /** With `--lock redis`: where the token comes from (`--token incr|db|off`; `on` is `incr`). */
  readonly redisToken: RedisTokenSource;
  readonly db: string | null;
  readonly replicas: number;
  readonly fencing: Fencing;
  readonly token: boolean;
  readonly lockAtMostForMs: number;
  readonly lockAtLeastForMs: number;
  /** Real milliseconds per simulated second. */
  readonly scale: number;
  readonly pause: 'auto' | 'none';
  /** Simulated; null means lockAtMostFor plus two retry periods. */
  readonly pauseForMs: number | null;
  readonly worker: string | null;
  /** Real milliseconds after which the harness stops every worker and judges what is there. */
  readonly deadlineMs: number;
  readonly seed: number;
  readonly out: string | null;
  readonly json: boolean;
  readonly keepDb: boolean;
}

export const DEFAULT_LAB_OPTIONS: LabOptions = {
  lock: 'shedlock',
  failover: false,
  redisToken: 'incr',
  db: null,
  replicas: 3,
  fencing: 'job',
  token: true,
  lockAtMostForMs: 5 * 60_000,
  lockAtLeastForMs: 0,
  scale: 10,
  pause: 'auto',
  pauseForMs: null,
  worker: null,
  deadlineMs: 60_000,
  seed: 0,
  out: null,
  json: false,
  keepDb: false,
};

/** `--deadline-ms` bounds: long enough to start a worker, short of an hour's wait. */
export const DEADLINE_MIN_MS = 1000;
export const DEADLINE_MAX_MS = 3_600_000;

/** The job's retry period in simulated time (docs/lab.md: 60 s). */
export const POLL_SIM_MS = 60_000;

const VALUED = [
  '--lock',
  '--db',
  '--replicas',
  '--fencing',
  '--token',
  '--lock-at-most-for',
  '--lock-at-least-for',
  '--scale',
  '--pause',
  '--pause-for',
  '--worker',
  '--deadline-ms',
  '--seed',
  '--out',
] as const;
const SWITCHES = ['--json', '--keep-db', '--failover'] as const;

/** docs/lab.md: how long the Redis replica takes to be promoted after the primary dies (S10's 5 s), simulated. */
export const PROMOTE_AFTER_SIM_MS = 5_000;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function parseLabArgs(args: readonly string[]): LabOptions | string {
  const options: Mutable<LabOptions> = { ...DEFAULT_LAB_OPTIONS };
  let tokenWord: string | null = null;
  let lockGiven = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    const [name = arg, inline] = arg.split(/=(.*)/s, 2);
    if ((SWITCHES as readonly string[]).includes(arg)) {
      if (arg === '--json') options.json = true;
      else if (arg === '--failover') options.failover = true;
      else options.keepDb = true;
      continue;
    }
    if (!(VALUED as readonly string[]).includes(name)) {
      return arg.startsWith('-') ? `lab has no option ${arg}` : `lab takes no operand (got ${JSON.stringify(arg)})`;
    }
    const value = inline ?? args[i + 1];
    if (value === undefined || value === '') return `${name} needs a value`;
    if (inline === undefined) i += 1;
    // The token's words depend on the lock, which may come later on the line.
    if (name === '--token') {
      tokenWord = value;
      continue;
    }
    if (name === '--lock') lockGiven = true;
    const problem = applyValue(options, name, value);
    if (problem !== null) return problem;
  }
  if (options.failover && options.lock !== 'redis') {
    if (lockGiven)
      return `--failover needs --lock redis (the ${options.lock === 'etcd' ? 'etcd' : 'ShedLock'} lock has no replica to promote)`;
    // A failover is Redis's: --failover alone means the Redis lock.
    options.lock = 'redis';
  }
  const tokenProblem = applyToken(options, tokenWord);
  if (tokenProblem !== null) return tokenProblem;
  if (options.lockAtLeastForMs > options.lockAtMostForMs) {
    return '--lock-at-least-for must not exceed --lock-at-most-for (ShedLock rejects it)';
  }
  return options;
}

/** `--token`: on|off for ShedLock's row and etcd's create revision; incr|db|off (on = incr) for the Redis lock, as the S10 nights mint it. */
function applyToken(options: Mutable<LabOptions>, word: string | null): string | null {
  if (options.lock === 'redis') {
    if (word === null) return null;
    if (word !== 'on' && word !== 'off' && word !== 'incr' && word !== 'db')
      return `--token with --lock redis must be incr, db or off (got ${JSON.stringify(word)})`;
    options.redisToken = word === 'on' ? 'incr' : word === 'off' ? 'none' : word;
    options.token = word !== 'off';
    return null;
  }
  if (word === null) return null;
  if (word === 'incr' || word === 'db')
    return `--token ${word} needs --lock redis (${options.lock === 'etcd' ? "etcd's token, the create revision," : "ShedLock's token"} is on or off)`;
  if (word !== 'on' && word !== 'off') return `--token must be on or off (got ${JSON.stringify(word)})`;
  options.token = word === 'on';
  return null;
}

function applyValue(options: Mutable<LabOptions>, name: string, value: string): string | null {
  switch (name) {
    case '--lock':
      if (value !== 'shedlock' && value !== 'redis' && value !== 'etcd')
        return `--lock must be shedlock, redis or etcd (got ${JSON.stringify(value)})`;
      options.lock = value;
      return null;
    case '--db':
      if (!/^postgres(ql)?:\/\//.test(value)) return `--db must be a postgres:// URL (got ${JSON.stringify(value)})`;
      options.db = value;
      return null;
    case '--replicas': {
      const count = Number(value);
      if (!Number.isInteger(count) || count < 1 || count > 9)
        return `--replicas must be 1 to 9 (got ${JSON.stringify(value)})`;
      options.replicas = count;
      return null;
    }
    case '--fencing':
      if (value !== 'off' && value !== 'job' && value !== 'row')
        return `--fencing must be off, job or row (got ${JSON.stringify(value)})`;
      options.fencing = value;
      return null;
    case '--lock-at-most-for':
    case '--lock-at-least-for':
    case '--pause-for':
      return applyDuration(options, name, value);
    case '--scale': {
      const scale = Number(value);
      if (!Number.isFinite(scale) || scale < 1 || scale > 1000)
        return `--scale must be 1 to 1000 real milliseconds per simulated second (got ${JSON.stringify(value)})`;
      options.scale = scale;
      return null;
    }
    case '--pause':
      if (value !== 'auto' && value !== 'none') return `--pause must be auto or none (got ${JSON.stringify(value)})`;
      options.pause = value;
      return null;
    case '--worker':
      options.worker = value;
      return null;
    case '--deadline-ms': {
      const deadline = Number(value);
      if (!Number.isInteger(deadline) || deadline < DEADLINE_MIN_MS || deadline > DEADLINE_MAX_MS)
        return `--deadline-ms must be ${DEADLINE_MIN_MS} to ${DEADLINE_MAX_MS} real milliseconds (got ${JSON.stringify(value)})`;
      options.deadlineMs = deadline;
      return null;
    }
    case '--seed': {
      const seed = Number(value);
      if (!Number.isSafeInteger(seed) || seed < 0)
        return `--seed must be a whole number (got ${JSON.stringify(value)})`;
      options.seed = seed;
      return null;
    }
    default:
      options.out = value;
      return null;
  }
}

function applyDuration(options: Mutable<LabOptions>, name: string, value: string): string | null {
  const parsed = parseDurationMs(value);
  if (!parsed.ok) return `${name}: ${parsed.message}`;
  const ms = parsed.value;
  if (ms < 0 || (ms === 0 && name !== '--lock-at-least-for')) {
    return `${name} must be ${name === '--lock-at-least-for' ? 'zero or more' : 'above zero'} (got ${JSON.stringify(value)})`;
  }
  if (name === '--lock-at-most-for') options.lockAtMostForMs = ms;
  else if (name === '--lock-at-least-for') options.lockAtLeastForMs = ms;
  else options.pauseForMs = ms;
  return null;
}

/** Simulated milliseconds as real milliseconds at this scale. */
export function realMsOf(options: Pick<LabOptions, 'scale'>, simMs: number): number {
  return Math.round((simMs * options.scale) / 1000);
}

/**
 * The pause's length in simulated time: `--pause-for`, or lockAtMostFor plus two retry periods.
 * On etcd the lease is the session's TTL in whole seconds (labEtcdKeys.ts), counted from the
 * holder's last keep-alive (a third of the TTL at most before the pause), and etcd looks for
 * expired leases every half real second: the pause outlasts all of that, plus the two retries.
 */
export function pauseForSimMs(options: LabOptions): number {
  if (options.pauseForMs !== null) return options.pauseForMs;
  if (options.lock !== 'etcd') return options.lockAtMostForMs + 2 * POLL_SIM_MS;
  const simOfReal = (realMs: number) => Math.round((realMs * 1000) / options.scale);
  const ttlSimMs = simOfReal(leaseTtlSecondsOf(realMsOf(options, options.lockAtMostForMs)) * 1000);
  return Math.round((ttlSimMs * 4) / 3) + simOfReal(ETCD_EXPIRY_LOOK_MS) + 2 * POLL_SIM_MS;
}
