import { existsSync } from 'node:fs';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { compareVersions, REDIS_MINIMUM_VERSION } from './redisBinary';
import { startRedisServer } from './redisServer';
import { startAndLeave } from './startAndLeave.testing';

async function get(url: string, key: string): Promise<string | null> {
  const client = createClient({ url });
  await client.connect();
  try {
    return await client.get(key);
  } finally {
    client.destroy();
  }
}

describe('compareVersions', () => {
  it('orders dotted versions by their numbers, not as text', () => {
    expect(compareVersions('7.0.15', '7.0.9')).toBeGreaterThan(0);
    expect(compareVersions('6.2.14', REDIS_MINIMUM_VERSION)).toBeLessThan(0);
    expect(compareVersions('7.0.0', '7.0')).toBe(0);
  });
});

describe('startRedisServer', () => {
  it('answers on its loopback port, keeps a replica in step, and leaves nothing once stopped', async () => {
    const primary = await startRedisServer();
    const replica = await startRedisServer({ replicaOfPort: primary.port }).catch(async (error) => {
      await primary.stop();
      throw error;
    });
    try {
      expect(compareVersions(primary.version, REDIS_MINIMUM_VERSION)).toBeGreaterThanOrEqual(0);
      expect(existsSync(primary.folder)).toBe(true);
      const client = createClient({ url: primary.url });
      await client.connect();
      expect(await client.set('lock:x', 'A:0', { NX: true, PX: 60_000 })).toBe('OK');
      expect(await client.set('lock:x', 'B:1', { NX: true, PX: 60_000 })).toBeNull();
      // Replication is asynchronous: wait for the replica to have received the write.
      await client.sendCommand(['WAIT', '1', '5000']);
      client.destroy();
      expect(await get(replica.url, 'lock:x')).toBe('A:0');
    } finally {
      await replica.stop();
      await primary.stop();
    }
    expect(existsSync(primary.folder)).toBe(false);
    expect(existsSync(replica.folder)).toBe(false);
    const late = createClient({ url: primary.url, socket: { reconnectStrategy: false } });
    late.on('error', () => undefined);
    // Nothing listens on its port any more.
    await expect(late.connect()).rejects.toThrow();
    // A second stop is harmless.
    await primary.stop();
  });
});

describe('RedisServer.kill', () => {
  it('ends the server at once, keeps its folder for stop(), and stop() still removes it', async () => {
    const server = await startRedisServer();
    try {
      await server.kill();
      expect(existsSync(server.folder)).toBe(true);
      const late = createClient({ url: server.url, socket: { reconnectStrategy: false } });
      late.on('error', () => undefined);
      await expect(late.connect()).rejects.toThrow();
      // A second kill of a dead server is harmless.
      await server.kill();
    } finally {
      await server.stop();
    }
    expect(existsSync(server.folder)).toBe(false);
  }, 60_000);
});

const START = `import { startRedisServer } from './src/lab/redisServer.ts';
const server = await startRedisServer();`;

describe('a Redis its process never stopped', () => {
  it('is killed and its folder removed when the process exits', () => {
    const { run, left, running } = startAndLeave(START, 'exit');
    expect(run.stdout).toContain('leaseline-redis-');
    expect(run.status).toBe(3);
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);

  it('is killed and its folder removed when a signal nobody handles ends the process, which still ends by it', () => {
    const { run, left, running } = startAndLeave(START, 'SIGTERM');
    expect(run.stdout).toContain('leaseline-redis-');
    expect(run.signal).toBe('SIGTERM');
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);
});
