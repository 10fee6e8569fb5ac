/**
 * The simulator checked against a real Redis (issue 25): every preset whose lock is Redis has
 * its Redis commands replayed in trace order on Debian's redis-server (tests/replay/
 * replayRedisNight.ts), and every reply, token and PTTL must agree with the simulator's.
 * One server for the file, emptied before each night.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../src/lab/redisServer';
import { PRESETS } from '../../src/presets/catalogue';
import type { Trace } from '../../src/sim/trace';
import { runPreset } from '../runPreset';
import { commandWords, type RedisMismatch, replayRedisNight } from './replayRedisNight';

let server: RedisServer | null = null;
let commands = 0;
let ttlChecks = 0;
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

  for (const preset of whole) {
    it(`${preset.id}: Redis answers every command as the simulator did`, async () => {
      const { scenario, trace } = preset.run;
      const result = await replayRedisNight(server?.url ?? '', scenario, trace);
      commands += result.commands;
      ttlChecks += result.ttlChecks;
      mismatches.push(...result.mismatches.map((mismatch) => ({ ...mismatch, preset: preset.id })));
      expect(result.stoppedAtMs).toBeNull();
      expect(result.commands).toBeGreaterThan(0);
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }

  // The primary's death and the replica's promotion without the key are NOT replayed yet:
  // only the commands before the primary dies are, on one server. A real failover (a
  // --replicaof server whose replication is held back by the night's lag, then promoted)
  // is still to do; until then these nights' failover half is checked only by the simulator.
  for (const preset of withFailover) {
    it(`${preset.id}: Redis answers every command before the primary dies (the failover itself is not replayed)`, async () => {
      const { scenario, trace } = preset.run;
      const result = await replayRedisNight(server?.url ?? '', scenario, trace, { untilFailover: true });
      commands += result.commands;
      ttlChecks += result.ttlChecks;
      mismatches.push(...result.mismatches.map((mismatch) => ({ ...mismatch, preset: preset.id })));
      expect(result.stoppedAtMs).not.toBeNull();
      expect(result.commands).toBeGreaterThan(0);
      expect(result.mismatches).toEqual([]);
    }, 60_000);
  }
  for (const preset of withFailover) {
    it.todo(`${preset.id}: the primary's death and the replica promoted without the key, on real Redis`);
  }

  it('replayed every Redis command, every one agreeing', () => {
    console.info(
      `${commands - mismatches.length} of ${commands} replayed Redis commands agree; ${ttlChecks} PTTL readings compared`,
    );
    expect(mismatches).toEqual([]);
    expect(commands).toBeGreaterThan(0);
  });
});
