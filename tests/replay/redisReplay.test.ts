/**
 * The simulator checked against a real Redis (issue 25): every preset whose lock is Redis has
 * its Redis commands replayed in trace order on Debian's redis-server (tests/replay/
 * replayRedisNight.ts), and every reply, token and PTTL must agree with the simulator's.
 * One server for the file, emptied before each night; a failover night gets a primary and a
 * replica of its own, since its primary is killed.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../src/lab/redisServer';
import { loadScenarioValue } from '../../src/model/loadScenario';
import { findPreset, PRESETS } from '../../src/presets/catalogue';
import { simulate } from '../../src/sim/simulate';
import type { Trace } from '../../src/sim/trace';
import { runPreset } from '../runPreset';
import { replayNodes } from './redisReplayNodes';
import { commandWords, type RedisMismatch, type RedisReplayResult, replayRedisNight } from './replayRedisNight';

let server: RedisServer | null = null;
let commands = 0;
let ttlChecks = 0;
let failoverChecks = 0;
const mismatches: (RedisMismatch & { preset: string })[] = [];

// Every preset (lesson nights are presets too) whose lock, once resolved, is Redis.
const redisRuns = PRESETS.map((preset) => ({ id: preset.id, run: runPreset(preset.id) })).filter(
  ({ run }) => run.scenario.lock.kind === 'redis',
);
const hasFailover = (trace: Trace) => trace.entries.some((entry) => entry.kind === 'redisNode');
const whole = redisRuns.filter(({ run }) => !hasFailover(run.trace));
const withFailover = redisRuns.filter(({ run }) => hasFailover(run.trace));

beforeAll(async () => {
  server = await startRedisServer();
  console.info(`redis-server ${server.version} started in ${server.startMs} ms`);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('commandWords', () => {
  it('keeps a quoted script as one word', () => {
    expect(commandWords(`EVAL "if a then return b end" 1 lock:k A:0`)).toEqual([
      'EVAL',
      'if a then return b end',
      '1',
      'lock:k',
      'A:0',
    ]);
  });
});

describe('every Redis preset replayed on a real redis-server', () => {
  it('has Redis presets to replay, with and without failover', () => {
    expect(whole.length).toBeGreaterThan(0);
    expect(withFailover.length).toBeGreaterThan(0);
  });

  const record = (id: string, result: RedisReplayResult) => {
    commands += result.commands;
    ttlChecks += result.ttlChecks;
    failoverChecks += result.failoverChecks;
    mismatches.push(...result.mismatches.map((mismatch) => ({ ...mismatch, preset: id })));
  };

  for (const preset of whole) {
    it(`${preset.id}: Redis answers every command as the simulator did`, async () => {
      const { scenario, trace } = preset.run;
      if (server === null) throw new Error('no redis-server');
      const result = await replayRedisNight(await replayNodes(server, null), scenario, trace);
      record(preset.id, result);
      expect(result.commands).toBeGreaterThan(0);
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }

  // A failover night on a primary and a real replica of its own (the primary is killed):
  // the replica's writes held from the first the simulator says it never received, the
  // primary SIGKILLed, the replica promoted with REPLICAOF NO ONE, and the night goes on there.
  for (const preset of withFailover) {
    it(`${preset.id}: the primary killed and the replica promoted without the key, every answer as the simulator's`, async () => {
      const { scenario, trace } = preset.run;
      const primary = await startRedisServer();
      const replica = await startRedisServer({ replicaOfPort: primary.port }).catch(async (error) => {
        await primary.stop();
        throw error;
      });
      try {
        const result = await replayRedisNight(await replayNodes(primary, replica), scenario, trace);
        record(preset.id, result);
        expect(result.failoverChecks).toBe(1);
        expect(result.commands).toBeGreaterThan(0);
        expect(result.mismatches).toEqual([]);
        // The second holder's SET NX really succeeded on the promoted replica: its grant is in the trace.
        expect(trace.entries.filter((entry) => entry.kind === 'grant').length).toBeGreaterThan(1);
      } finally {
        await replica.stop();
        await primary.stop();
      }
      expect(existsSync(primary.folder)).toBe(false);
      expect(existsSync(replica.folder)).toBe(false);
    }, 120_000);
  }

  // S10 with B polling 3 s after A: its try falls while the primary is dead and the replica not
  // yet promoted, which the simulator records as no Redis to talk to; on real Redis the dead
  // primary's address refuses the connection.
  it('s10-redis-failover with a poll while no primary serves: the dead primary refuses, as the simulator says', async () => {
    const preset = findPreset('s10-redis-failover');
    if (!preset) throw new Error('no s10-redis-failover');
    const document = structuredClone(preset.document) as { replicas: { trigger: { phase: string } }[] };
    const b = document.replicas[1];
    if (b === undefined) throw new Error('S10 has no replica B');
    b.trigger.phase = '3s';
    const loaded = loadScenarioValue(document, 's10-poll-while-down.json');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    const trace = simulate(loaded.scenario);
    const unavailable = trace.entries.filter(
      (entry) => entry.kind === 'sql' && entry.statement.kind === 'redisUnavailable',
    );
    expect(unavailable.length).toBeGreaterThan(0);
    const primary = await startRedisServer();
    const replica = await startRedisServer({ replicaOfPort: primary.port }).catch(async (error) => {
      await primary.stop();
      throw error;
    });
    try {
      const result = await replayRedisNight(await replayNodes(primary, replica), loaded.scenario, trace);
      record('s10-poll-while-down', result);
      expect(result.failoverChecks).toBe(1);
      expect(result.mismatches).toEqual([]);
    } finally {
      await replica.stop();
      await primary.stop();
    }
  }, 120_000);

  it('replayed every Redis command, every one agreeing', () => {
    console.info(
      `${commands - mismatches.length} of ${commands} replayed Redis commands agree; ${ttlChecks} PTTL readings and ${failoverChecks} promoted replicas compared`,
    );
    expect(mismatches).toEqual([]);
    expect(commands).toBeGreaterThan(0);
    expect(failoverChecks).toBe(withFailover.length + 1);
  });
});
