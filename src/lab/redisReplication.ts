/**
 * Replication made to lag on purpose, for a failover that really loses writes (the S10 nights,
 * `leaseline lab --lock redis --failover`, the Redis replay): `holdReplication` waits until the
 * replica has applied everything its primary sent so far, then pauses its writes
 * (`CLIENT PAUSE ... WRITE`). The replica goes on reading its primary's stream but applies
 * none of it (`slave_read_repl_offset` passes `slave_repl_offset`), which is what asynchronous
 * replication behind by a lag is, without a timing deciding what arrives. `promoteReplica`
 * drops the link (`REPLICAOF NO ONE`) and with it the writes still held, then unpauses: the
 * replica serves as primary without them.
 */
import { createClient } from 'redis';

type Client = ReturnType<typeof createClient>;

/** How long to wait for the replica to apply what was sent before the hold (a bound, not a budget). */
const IN_STEP_TIMEOUT_MS = 60_000;
const LOOK_EVERY_MS = 10;
/** Longer than any night: the hold ends with the promotion, never by itself. */
const HOLD_FOR_MS = 24 * 3_600_000;

/** Waits until `replica` has applied its primary's whole stream so far, then holds every later write. */
export async function holdReplication(primaryUrl: string, replica: Client): Promise<void> {
  await untilInStep(primaryUrl, replica);
  await replica.sendCommand(['CLIENT', 'PAUSE', String(HOLD_FOR_MS), 'WRITE']);
}

/** The replica becomes a primary; writes it held are dropped with the link, never applied. */
export async function promoteReplica(replica: Client): Promise<void> {
  await replica.sendCommand(['REPLICAOF', 'NO', 'ONE']);
  await replica.sendCommand(['CLIENT', 'UNPAUSE']);
}

/**
 * Resolves once the replica has applied the primary's whole stream so far. (Not `WAIT 1`: it
 * waits only for the writes of its own connection, and a night's writes come from others.)
 */
async function untilInStep(primaryUrl: string, replica: Client): Promise<void> {
  const onPrimary = createClient({ url: primaryUrl, socket: { reconnectStrategy: false } });
  onPrimary.on('error', () => undefined);
  await onPrimary.connect();
  let sentBytes: number;
  try {
    sentBytes = replicationOffset(await onPrimary.info('replication'), 'master_repl_offset');
  } finally {
    onPrimary.destroy();
  }
  const deadline = Date.now() + IN_STEP_TIMEOUT_MS;
  while (replicationOffset(await replica.info('replication'), 'slave_repl_offset') < sentBytes) {
    if (Date.now() > deadline) {
      throw new Error(`the Redis replica did not apply its primary's writes in ${IN_STEP_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

/** A byte offset of `INFO replication` (`master_repl_offset`, `slave_repl_offset`...). */
export function replicationOffset(info: string, field: string): number {
  const value = new RegExp(`^${field}:(\\d+)`, 'm').exec(info)?.[1];
  if (value === undefined) throw new Error(`INFO replication has no ${field}`);
  return Number(value);
}
