import { connect, type Socket } from 'node:net';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { openRedisRelay } from './redisProxy';
import { startRedisServer } from './redisServer';

async function pingVia(url: string): Promise<string> {
  const client = createClient({ url, socket: { reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.set('who', 'asked');
    return String(await client.sendCommand(['CONFIG', 'GET', 'port']));
  } finally {
    if (client.isOpen) client.destroy();
  }
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
    socket.on('error', reject);
  });
}

function closedSoon(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.closed) resolve();
    socket.on('close', () => resolve());
  });
}

describe('the Redis relay', () => {
  it('leads to its target, refuses while it has none, then leads to the next one', async () => {
    const first = await startRedisServer();
    const second = await startRedisServer().catch(async (error) => {
      await first.stop();
      throw error;
    });
    const relay = await openRedisRelay(first.port);
    try {
      expect(await pingVia(relay.url)).toContain(String(first.port));
      const port = Number(new URL(relay.url).port);
      const held = await opened(port);
      const dropped = closedSoon(held);
      relay.retarget(null);
      // An open connection is dropped, as a dead machine's are, and a new one closed at once.
      await dropped;
      await closedSoon(await opened(port));
      relay.retarget(second.port);
      expect(await pingVia(relay.url)).toContain(String(second.port));
    } finally {
      await relay.close();
      await second.stop();
      await first.stop();
    }
  });
});
