/**
 * The Redis nodes a replayed night runs on: a primary and, for a night with a replica, a real
 * second redis-server started with `--replicaof`, and the three things a failover night does
 * to them, each for real:
 *
 * - `holdReplication()`: the writes the simulator says the replica never received (those whose
 *   `replicationLagMs` had not passed when the primary died) must not reach it: the replica
 *   applies everything sent before, then holds every later write unapplied
 *   (src/lab/redisReplication.ts). Deterministic: no timing decides what arrives.
 * - `killPrimary()`: SIGKILL, as a machine dies; what it had sent but the replica had not applied
 *   is still only in the replica's read buffer.
 * - `promoteReplica()`: `REPLICAOF NO ONE` drops the link and with it the writes still held,
 *   then `CLIENT UNPAUSE`: the replica serves as primary, without them.
 */
import { createClient } from 'redis';
import { holdReplication, promoteReplica } from '../../src/lab/redisReplication';
import type { RedisServer } from '../../src/lab/redisServer';

type Client = ReturnType<typeof createClient>;

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
      await holdReplication(primary.url, await connectReplica());
    },
    async killPrimary() {
      await primary.kill();
    },
    async promoteReplica() {
      if (replica === null) throw new Error('no replica to promote');
      await promoteReplica(await connectReplica());
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
