/**
 * The ZooKeeper commands the app shows are real zkCli.sh lines: every ZooKeeper night's
 * requests (zookeeperNights.ts), as the app renders them (`renderSql`), are pasted in the
 * trace's order into Debian's zkCli.sh against a fresh standalone ZooKeeper, one zkCli per
 * session (ZkCliShell), and what ZooKeeper answers must be what the simulator recorded: the
 * sequence number of the ephemeral sequential node (the token), who holds (the lowest lock
 * node) exactly when the simulator granted, deletes that delete or find nothing, a woken
 * waiter's own node found or not, pings answered only while the session lives, an ended
 * session's node gone.
 *
 * No night time passes here (replayZookeeperNight.ts untimed; its timed path is
 * zookeeperReplay.test.ts): a session the trace says the server expired is closed (its own zkCli's
 * `close`, which deletes its ephemeral nodes as an expiry does) just before its line runs.
 * Keep-alives that repeat a session's last one are run once a second of real time at most, as
 * the etcd test does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZookeeperServer, type ZookeeperServer } from '../../src/lab/zookeeperServer';
import { replayZookeeperNight } from './replayZookeeperNight';
import { zookeeperNights } from './zookeeperNights';

/** Long enough that no session of ours times out on a busy machine while it is pasted. */
const SESSION_TIMEOUT_MS = 30_000;
const nights = zookeeperNights();

let server: ZookeeperServer | null = null;
let lines = 0;

beforeAll(async () => {
  server = await startZookeeperServer({ maxSessionTimeoutMs: 60_000 });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the app's ZooKeeper commands, run through the real zkCli.sh", () => {
  for (const night of nights) {
    it(`${night.id}: every line runs and ZooKeeper answers as the simulator did`, async () => {
      if (server === null) throw new Error('no ZooKeeper');
      const result = await replayZookeeperNight(server, night, { sessionTimeoutMs: SESSION_TIMEOUT_MS, timed: false });
      expect(result.problems).toEqual([]);
      lines += result.requests;
    }, 300_000);
  }

  it('ran lines of every ZooKeeper night', () => {
    console.info(`${lines} zkCli lines of ${nights.length} ZooKeeper nights answered as the simulator said`);
    expect(nights.length).toBeGreaterThanOrEqual(3);
    expect(lines).toBeGreaterThan(0);
  });
});
