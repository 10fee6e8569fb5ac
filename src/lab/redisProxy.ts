/**
 * The Redis lab's one address for the lock (`LEASELINE_REDIS_URL`): a TCP relay on a free port
 * of 127.0.0.1 that leads to the Redis serving now. It stands in for what finds the primary in
 * production (Sentinel, a floating IP): when the primary dies the relay drops every connection
 * and refuses new ones, as a dead machine's address does; once the replica is promoted it leads
 * there, so a worker that reconnects to the same address reaches the new primary. Bytes pass
 * through untouched.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface RedisRelay {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  /** Lead new connections to this port of 127.0.0.1, or refuse them (null); drops the open ones either way. */
  retarget(port: number | null): void;
  close(): Promise<void>;
}

/** Opens the relay, leading to `targetPort`. */
export function openRedisRelay(targetPort: number): Promise<RedisRelay> {
  let target: number | null = targetPort;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    // A reset by either side ends the pair; nothing to report.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (target === null) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: target });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        url: `redis://127.0.0.1:${port}`,
        retarget(port) {
          target = port;
          for (const socket of open) socket.destroy();
        },
        close() {
          for (const socket of open) socket.destroy();
          return new Promise<void>((done) => server.close(() => done()));
        },
      });
    });
  });
}
