import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_OPTIONS, parseLabArgs, pauseForSimMs, realMsOf } from './labOptions';

describe('parseLabArgs', () => {
  it('gives the defaults docs/lab.md lists with no flags', () => {
    expect(parseLabArgs([])).toEqual(DEFAULT_LAB_OPTIONS);
    expect(DEFAULT_LAB_OPTIONS).toMatchObject({
      replicas: 3,
      fencing: 'job',
      token: true,
      scale: 10,
      pause: 'auto',
      deadlineMs: 60_000,
    });
  });

  it('reads every flag, in both spellings', () => {
    const options = parseLabArgs([
      '--db=postgres://u:p@h:5432/d',
      '--replicas',
      '5',
      '--fencing',
      'row',
      '--token',
      'off',
      '--lock-at-most-for',
      'PT10M',
      '--lock-at-least-for=30s',
      '--scale',
      '4',
      '--pause',
      'none',
      '--pause-for',
      '90s',
      '--worker',
      'java -jar w.jar',
      '--deadline-ms',
      '5000',
      '--seed',
      '2',
      '--out',
      'n.json',
      '--json',
      '--keep-db',
    ]);
    expect(options).toEqual({
      lock: 'shedlock',
      failover: false,
      redisToken: 'incr',
      db: 'postgres://u:p@h:5432/d',
      replicas: 5,
      fencing: 'row',
      token: false,
      lockAtMostForMs: 600_000,
      lockAtLeastForMs: 30_000,
      scale: 4,
      pause: 'none',
      pauseForMs: 90_000,
      worker: 'java -jar w.jar',
      deadlineMs: 5000,
      seed: 2,
      out: 'n.json',
      json: true,
      keepDb: true,
    });
  });

  it('says what is wrong in one sentence', () => {
    expect(parseLabArgs(['--replicas', '0'])).toMatch(/^--replicas must be 1 to 9/);
    expect(parseLabArgs(['--scale', '-1'])).toMatch(/^--scale must be 1 to 1000/);
    expect(parseLabArgs(['--pause-for', '0s'])).toMatch(/must be above zero/);
    expect(parseLabArgs(['--worker'])).toBe('--worker needs a value');
    expect(parseLabArgs(['night.json'])).toMatch(/takes no operand/);
    expect(parseLabArgs(['--fencing', 'maybe'])).toMatch(/^--fencing must be off, job or row/);
    expect(parseLabArgs(['--lock-at-most-for', 'soon'])).toMatch(/^--lock-at-most-for: /);
    expect(parseLabArgs(['--db', 'mysql://x'])).toMatch(/^--db must be a postgres:\/\/ URL/);
    expect(parseLabArgs(['--deadline-ms', '999'])).toMatch(/^--deadline-ms must be 1000 to 3600000 real milliseconds/);
    expect(parseLabArgs(['--deadline-ms', '5s'])).toMatch(/^--deadline-ms must be /);
    expect(parseLabArgs(['--token', 'yes'])).toMatch(/^--token must be on or off/);
    expect(parseLabArgs(['--lock-at-most-for', '1m', '--lock-at-least-for', '2m'])).toMatch(/must not exceed/);
  });

  it('reads the Redis lock: --lock redis, --failover (which means it), and the token from INCR or the database', () => {
    expect(parseLabArgs(['--lock', 'redis'])).toMatchObject({
      lock: 'redis',
      failover: false,
      redisToken: 'incr',
      token: true,
    });
    expect(parseLabArgs(['--failover'])).toMatchObject({ lock: 'redis', failover: true });
    expect(parseLabArgs(['--token', 'db', '--lock=redis', '--failover'])).toMatchObject({
      lock: 'redis',
      failover: true,
      redisToken: 'db',
      token: true,
    });
    expect(parseLabArgs(['--lock', 'redis', '--token', 'on'])).toMatchObject({ redisToken: 'incr', token: true });
    expect(parseLabArgs(['--lock', 'redis', '--token', 'off'])).toMatchObject({ redisToken: 'none', token: false });
  });

  it('says in one sentence what is wrong with a Redis flag', () => {
    expect(parseLabArgs(['--lock', 'zookeeper'])).toBe('--lock must be shedlock, redis or etcd (got "zookeeper")');
    expect(parseLabArgs(['--lock', 'shedlock', '--failover'])).toBe(
      '--failover needs --lock redis (the ShedLock lock has no replica to promote)',
    );
    expect(parseLabArgs(['--token', 'db'])).toBe("--token db needs --lock redis (ShedLock's token is on or off)");
    expect(parseLabArgs(['--lock', 'redis', '--token', 'yes'])).toBe(
      '--token with --lock redis must be incr, db or off (got "yes")',
    );
  });

  it('reads the etcd lock: its token is the create revision, on or off; it has no failover', () => {
    expect(parseLabArgs(['--lock', 'etcd'])).toMatchObject({ lock: 'etcd', failover: false, token: true });
    expect(parseLabArgs(['--lock=etcd', '--token', 'off'])).toMatchObject({ lock: 'etcd', token: false });
    expect(parseLabArgs(['--lock', 'etcd', '--failover'])).toBe(
      '--failover needs --lock redis (the etcd lock has no replica to promote)',
    );
    expect(parseLabArgs(['--failover', '--lock', 'etcd'])).toBe(
      '--failover needs --lock redis (the etcd lock has no replica to promote)',
    );
    expect(parseLabArgs(['--lock', 'etcd', '--token', 'incr'])).toBe(
      "--token incr needs --lock redis (etcd's token, the create revision, is on or off)",
    );
  });

  it('scales simulated time to real milliseconds; the default pause is lockAtMostFor plus two retries (on etcd the lease TTL, a third more for the last keep-alive and the expiry look)', () => {
    expect(realMsOf({ scale: 10 }, 300_000)).toBe(3000);
    expect(realMsOf({ scale: 10 }, 180_000)).toBe(1800);
    expect(pauseForSimMs(DEFAULT_LAB_OPTIONS)).toBe(7 * 60_000);
    // 3 s of TTL at scale 10 is 5 min; 4/3 of it, 50 s for etcd's half second, two retries.
    expect(pauseForSimMs({ ...DEFAULT_LAB_OPTIONS, lock: 'etcd' })).toBe(400_000 + 50_000 + 120_000);
    // At scale 1 a 5-minute lease is 0.3 s, raised to etcd's 2 s minimum: the pause outlasts that.
    expect(pauseForSimMs({ ...DEFAULT_LAB_OPTIONS, lock: 'etcd', scale: 1 })).toBe(2_666_667 + 500_000 + 120_000);
  });
});
