import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPinned, ETCD_MINIMUM_VERSION } from './etcdBinary';
import { startEtcdServer } from './etcdServer';
import { startAndLeave } from './startAndLeave.testing';

async function post(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await response.json()) as Record<string, unknown>;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('checkPinned', () => {
  it('takes the 3.4 series from 3.4.23 on and names what it refuses', () => {
    expect(() => checkPinned('etcd', '/usr/bin/etcd', ETCD_MINIMUM_VERSION)).not.toThrow();
    expect(() => checkPinned('etcd', '/usr/bin/etcd', '3.4.30')).not.toThrow();
    expect(() => checkPinned('etcd', '/usr/bin/etcd', '3.4.3')).toThrow(
      /etcd 3\.4\.3, not the 3\.4 series from 3\.4\.23/,
    );
    expect(() => checkPinned('etcdctl', '/x/etcdctl', '3.5.17')).toThrow(/\/x\/etcdctl is etcdctl 3\.5\.17/);
  });
});

describe('startEtcdServer', () => {
  it('answers on its loopback port, keys a lease, and leaves nothing once stopped', async () => {
    const server = await startEtcdServer();
    try {
      expect(server.version.startsWith('3.4.')).toBe(true);
      expect(server.clientPort).not.toBe(server.peerPort);
      expect(existsSync(server.folder)).toBe(true);
      const lease = await post(server.url, '/v3/lease/grant', { TTL: 5 });
      const put = await post(server.url, '/v3/kv/put', { key: b64('/k'), value: b64('v'), lease: lease.ID });
      // A fresh member's revision is 1; the first write makes it 2.
      expect((put.header as { revision: string }).revision).toBe('2');
      const range = await post(server.url, '/v3/kv/range', { key: b64('/k') });
      expect((range.kvs as { lease: string }[])[0]?.lease).toBe(lease.ID);
    } finally {
      await server.stop();
    }
    expect(existsSync(server.folder)).toBe(false);
    // Nothing listens on its port any more.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    // A second stop is harmless.
    await server.stop();
  }, 60_000);
});

const START = `import { startEtcdServer } from './src/lab/etcdServer.ts';
const server = await startEtcdServer();`;

describe('an etcd its process never stopped', () => {
  it('is killed and its folder removed when the process exits', () => {
    const { run, left, running } = startAndLeave(START, 'exit');
    expect(run.stdout).toContain('leaseline-etcd-');
    expect(run.status).toBe(3);
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);

  it('is killed and its folder removed when a signal nobody handles ends the process, which still ends by it', () => {
    const { run, left, running } = startAndLeave(START, 'SIGTERM');
    expect(run.stdout).toContain('leaseline-etcd-');
    expect(run.signal).toBe('SIGTERM');
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 60_000);
});
