/**
 * The built-in worker's lock on Redis (`--lock redis`, docs/lab.md "The Redis lock"): take it
 * with `SET key value NX PX lockAtMostFor` (with `INCR` in the same script for the `incr`
 * token; for the `db` token, the database's sequence first and the value `HOSTNAME:TOKEN`),
 * release it with the compare-and-delete script. A Redis that does not answer (its primary
 * killed, the replica not yet promoted) is a denied try: the worker tries again a retry period
 * later at the same address, which by then leads to the promoted replica.
 */
import { createClient } from 'redis';
import { COMPARE_AND_DELETE_SCRIPT, REDIS_LOCK_KEY, REDIS_TOKEN_KEY, SET_INCR_SCRIPT } from '../labRedisCommands';
import type { StatementKind, StatementOutcome } from '../workerLog';
import type { WorkerEnv } from './workerEnv';

type Value = string | number | null;

/** How the worker logs one command (builtinWorker.ts's `log`, with its times). */
export type LogCommand = (entry: {
  readonly kind: StatementKind;
  readonly sentT: number;
  readonly command: string;
  readonly values: readonly Value[];
  readonly rows: number;
  readonly outcome: StatementOutcome;
  readonly token?: number | null;
}) => void;

/** Reconnecting soon after a drop: the address leads to the next primary once promoted. */
const RECONNECT_MS = 50;

/** The lock a worker takes outside the database (Redis here, etcd in etcdLock.ts): the built-in worker's loop calls only these. */
export interface WorkerLock {
  /** The grant's token (null without one), or undefined when denied or Redis did not answer. */
  acquire(mintToken: () => Promise<number>): Promise<number | null | undefined>;
  release(): Promise<void>;
  close(): Promise<void>;
}

export type RedisLock = WorkerLock;

export async function openRedisLock(env: WorkerEnv, log: LogCommand): Promise<RedisLock> {
  const client = createClient({
    url: env.redisUrl ?? '',
    // A command while the connection is down fails at once rather than waiting in a queue.
    disableOfflineQueue: true,
    socket: { reconnectStrategy: () => RECONNECT_MS },
  });
  client.on('error', () => undefined);
  await client.connect();
  let attempts = 0;
  let value = '';
  const send = async (words: string[]): Promise<{ reply: unknown; failed: boolean }> => {
    try {
      return { reply: await client.sendCommand(words), failed: false };
    } catch {
      return { reply: null, failed: true };
    }
  };
  return {
    async acquire(mintToken) {
      const token = env.redisToken === 'db' ? await mintToken() : null;
      value = `${env.hostname}:${token ?? attempts}`;
      attempts += 1;
      const ttl = String(Math.round(env.lockAtMostForMs));
      const words =
        env.redisToken === 'incr'
          ? ['EVAL', SET_INCR_SCRIPT, '2', REDIS_LOCK_KEY, REDIS_TOKEN_KEY, value, ttl]
          : ['SET', REDIS_LOCK_KEY, value, 'NX', 'PX', ttl];
      const sentT = Date.now();
      const { reply, failed } = await send(words);
      const granted = !failed && reply !== null;
      const grantedToken = env.redisToken === 'incr' ? Number(reply) : token;
      log({
        kind: 'acquire',
        sentT,
        command: commandText(words),
        values: [value, ttl],
        rows: granted ? 1 : 0,
        outcome: granted ? 'granted' : 'denied',
        ...(granted ? { token: grantedToken } : {}),
      });
      return granted ? grantedToken : undefined;
    },
    async release() {
      const words = ['EVAL', COMPARE_AND_DELETE_SCRIPT, '1', REDIS_LOCK_KEY, value];
      const sentT = Date.now();
      const { reply } = await send(words);
      log({
        kind: 'unlock',
        sentT,
        command: commandText(words),
        values: [value],
        rows: reply === 1 ? 1 : 0,
        outcome: 'ok',
      });
    },
    async close() {
      client.destroy();
    },
  };
}

/** A command as one line, as the app shows it (`sim/sqlStatement.ts`): a script in double quotes. */
function commandText(words: readonly string[]): string {
  return words.map((word) => (/\s/.test(word) ? `"${word}"` : word)).join(' ');
}
