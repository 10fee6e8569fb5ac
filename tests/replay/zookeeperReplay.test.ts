/**
 * The simulator's ZooKeeper lock checked against a real ZooKeeper in time: every ZooKeeper
 * night (zookeeperNights.ts: no preset locks with ZooKeeper, so the etcd presets with their
 * lock switched to it) has its requests replayed in trace order on Debian's ZooKeeper through
 * zkCli.sh (replayZookeeperNight.ts, timed), and every answer must agree with the simulator's:
 * the sequence number as token, who holds, a waiter's watch on its predecessor firing before
 * the simulator wakes it (or, its session expired, its client hearing only that, where the
 * simulator wakes it), pings, deletes, and that ZooKeeper expires a stopped session itself,
 * within a tick of its timeout (expiry is checked in buckets of a tick: replayZookeeperNight.ts
 * says the tolerance). One server per try, with a 100 ms tick so sessions can be short.
 *
 * Time: sessions are replayed with timeouts of `TIMEOUT_LADDER_MS[0]` and the lapses run at
 * that scale (etcdNightTime.ts, shared with the etcd replay). A machine too busy to keep that
 * pace makes the replay late, which it notices itself, and the night is replayed again with
 * longer sessions, so slower; a night only fails on answers, never on the machine's speed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startZookeeperServer, type ZookeeperServer } from '../../src/lab/zookeeperServer';
import { replayZookeeperNight, type ZookeeperReplayResult } from './replayZookeeperNight';
import { zookeeperNights } from './zookeeperNights';

/** The replay's session timeouts, tried in turn while the replay is late (the server's tick is 100 ms: 2 s is 20 ticks). */
const TIMEOUT_LADDER_MS = [2000, 4000, 8000, 16_000];
const nights = zookeeperNights();
let server: ZookeeperServer | null = null;
let requests = 0;

afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('every ZooKeeper night replayed on a real ZooKeeper', () => {
  for (const night of nights) {
    it(`${night.id}: ZooKeeper answers every request as the simulator did`, async () => {
      let result: ZookeeperReplayResult | null = null;
      for (const sessionTimeoutMs of TIMEOUT_LADDER_MS) {
        // A fresh server each try: a late try's sessions and nodes must not meet the next one's.
        await server?.stop();
        server = await startZookeeperServer({ maxSessionTimeoutMs: TIMEOUT_LADDER_MS.at(-1) });
        result = await replayZookeeperNight(server, night, { sessionTimeoutMs, timed: true });
        if (result.late === null) break;
        console.info(`${night.id}: problems so far ${JSON.stringify(result.problems)}`);
        console.info(`${night.id}: late with ${sessionTimeoutMs} ms sessions (${result.late}); again, slower`);
      }
      if (result === null) throw new Error('no try');
      expect(result.late).toBeNull();
      expect(result.problems).toEqual([]);
      requests += result.requests;
      console.info(`${night.id}: ${result.requests} requests agree; expiries ${JSON.stringify(result.expiries)}`);
    }, 600_000);
  }

  it('replayed requests of every ZooKeeper night', () => {
    console.info(`${requests} requests of ${nights.length} ZooKeeper nights agree`);
    expect(nights.length).toBeGreaterThanOrEqual(3);
    expect(requests).toBeGreaterThan(0);
  });
});
