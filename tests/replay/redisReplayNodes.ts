/**
 * The Redis nodes a replayed night runs on: a primary and, for a night with a replica, a real
 * second redis-server started with `--replicaof`, and the three things a failover night does
 * to them, each for real:
 *
 * - `holdReplication()`: the writes the simulator says the replica never received (those whose
 *   `replicationLagMs` had not passed when the primary died) must not reach it. The replay
 *   first waits until the replica has applied everything sent before, then pauses the
 *   replica's writes (`CLIENT PAUSE ... WRITE`): the replica goes on reading its primary's
 *   stream but applies none of it, which is what asynchronous replication with a lag is
 *   (`slave_read_repl_offset` passes `slave_repl_offset`). Deterministic: no timing decides
 *   what arrives.
 * - `killPrimary()`: SIGKILL, as a machine dies; what it had sent but the replica had not applied
 *   is still only in the replica's read buffer.
 * - `promoteReplica()`: `REPLICAOF NO ONE` drops the link and with it the writes still held,
 *   then `CLIENT UNPAUSE`: the replica serves as primary, without them.
 */
import { createClient } from 'redis';
import type { RedisServer } from '../../src/lab/redisServer';

type Client = ReturnType<typeof createClient>;

/** How long a replay waits for the replica to apply what was sent before the hold (a bound, not a budget). */
const WAIT_FOR_REPLICA_MS = 60_000;
const LOOK_EVERY_MS = 10;
/** Longer than any replay: the hold ends with the promotion, never by itself. */
const HOLD_FOR_MS = 3_600_000;

export interface ReplayNodes {
  /** Where the night's clients talk now: the primary, then the promoted replica. */
  servingUrl(): string;
  /** The dead primary's address, to show that it refuses (`redisUnavailable`). */
  readonly primaryUrl: string;
  readonly hasReplica: boolean;
  holdReplication(): Promise<void>;
  /** True from the hold until the promotion. */
  isHeld(): boolean;
  killPrimary(): Promise<void>;
  promoteReplica(): Promise<void>;
  /** The replica's own client (its key, its counter), before or after the promotion. */
  replicaClient(): Promise<Client>;
  close(): void;
}

export async function replayNodes(primary: RedisServer, replica: RedisServer | null): Promise<ReplayNodes> {
  let promoted = false;
  let held = false;
  let replicaOperator: Client | null = null;
  const connectReplica = async (): Promise<Client> => {
    if (replica === null) throw new Error('this night has no replica');
    if (replicaOperator === null) {
      replicaOperator = createClient({ url: replica.url, name: 'operator-replica' });
      replicaOperator.on('error', () => undefined);
      await replicaOperator.connect();
    }
    return replicaOperator;
  };
  return {
    primaryUrl: primary.url,
    hasReplica: replica !== null,
    servingUrl: () => (promoted && replica !== null ? replica.url : primary.url),
    async holdReplication() {
      if (replica === null || held) return;
      held = true;
      await untilInStep(primary.url, await connectReplica());
      await (await connectReplica()).sendCommand(['CLIENT', 'PAUSE', String(HOLD_FOR_MS), 'WRITE']);
    },
    async killPrimary() {
      await primary.kill();
    },
    async promoteReplica() {
      if (replica === null) throw new Error('no replica to promote');
      const client = await connectReplica();
      // Unpaused only after the link is gone: the held writes go with it, never applied.
      await client.sendCommand(['REPLICAOF', 'NO', 'ONE']);
      await client.sendCommand(['CLIENT', 'UNPAUSE']);
      promoted = true;
    },
    isHeld: () => held && !promoted,
    replicaClient: connectReplica,
    close() {
      (replicaOperator as Client | null)?.destroy();
      replicaOperator = null;
    },
  };
}

/**
 * Resolves once the replica has applied the primary's whole stream so far. (Not `WAIT 1`: it
 * waits only for the writes of its own connection, and the night's writes come from others.)
 */
async function untilInStep(primaryUrl: string, replica: Client): Promise<void> {
  const onPrimary = createClient({ url: primaryUrl });
  onPrimary.on('error', () => undefined);
  await onPrimary.connect();
  let sentBytes: number;
  try {
    sentBytes = offset(await onPrimary.info('replication'), 'master_repl_offset');
  } finally {
    onPrimary.destroy();
  }
  const deadline = Date.now() + WAIT_FOR_REPLICA_MS;
  while (offset(await replica.info('replication'), 'slave_repl_offset') < sentBytes) {
    if (Date.now() > deadline)
      throw new Error(`the replica did not apply its primary's writes in ${WAIT_FOR_REPLICA_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

function offset(info: string, field: string): number {
  const value = new RegExp(`^${field}:(\\d+)`, 'm').exec(info)?.[1];
  if (value === undefined) throw new Error(`INFO replication has no ${field}`);
  return Number(value);
}
