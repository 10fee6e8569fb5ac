/** A free TCP port of 127.0.0.1, for the servers the lab and the tests start. */
import { createServer } from 'node:net';

/** A port the kernel says is free now (a tiny race with other programs is accepted: callers retry a start that loses it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
