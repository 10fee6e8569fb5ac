import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startAndLeave } from './startAndLeave.testing';
import { checkPinned } from './zookeeperBinary';
import { fourLetterWord, startZookeeperServer, zooCfg } from './zookeeperServer';

describe('checkPinned', () => {
  it('takes the 3.8 series and names what it refuses', () => {
    expect(() => checkPinned('/z/zkServer.sh', '3.8.0')).not.toThrow();
    expect(() => checkPinned('/z/zkServer.sh', '3.8.4')).not.toThrow();
    expect(() => checkPinned('/z/zkServer.sh', '3.9.2')).toThrow(
      /\/z\/zkServer\.sh is ZooKeeper 3\.9\.2, not the 3\.8/,
    );
  });
});

describe('zooCfg', () => {
  it('keeps the admin server off and lets sessions be as short as two ticks', () => {
    const cfg = zooCfg('/tmp/f', 4000, 100);
    expect(cfg).toContain('clientPort=4000\n');
    expect(cfg).toContain('admin.enableServer=false\n');
    expect(cfg).toContain('minSessionTimeout=200\n');
    expect(cfg).toContain('dataDir=/tmp/f/data\n');
  });
});

describe('startZookeeperServer', () => {
  it('answers on its loopback port as a standalone server, and leaves nothing once stopped', async () => {
    const server = await startZookeeperServer();
    try {
      expect(server.version.startsWith('3.8.')).toBe(true);
      expect(existsSync(server.folder)).toBe(true);
      const srvr = await fourLetterWord(server.clientPort, 'srvr');
      expect(srvr).toContain('Mode: standalone');
    } finally {
      await server.stop();
    }
    expect(existsSync(server.folder)).toBe(false);
    expect(await fourLetterWord(server.clientPort, 'ruok')).toBe('');
    await server.stop();
  }, 120_000);
});

const START = `import { startZookeeperServer } from './src/lab/zookeeperServer.ts';
const server = await startZookeeperServer();`;

describe('a ZooKeeper its process never stopped', () => {
  it('is killed and its folder removed when the process exits', () => {
    const { run, left, running } = startAndLeave(START, 'exit');
    expect(run.stdout).toContain('leaseline-zookeeper-');
    expect(run.status).toBe(3);
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 120_000);

  it('is killed and its folder removed when a signal nobody handles ends the process, which still ends by it', () => {
    const { run, left, running } = startAndLeave(START, 'SIGTERM');
    expect(run.stdout).toContain('leaseline-zookeeper-');
    expect(run.signal).toBe('SIGTERM');
    expect(left).toEqual([]);
    expect(running).toEqual([]);
  }, 120_000);
});
