/**
 * The mechanism lanes' data: what each coordination service held, change by change, in the
 * presets docs/model.md §9 works out (S10 Redis failover, S12 lease, S15 etcd, S16 outbox).
 */
import { describe, expect, it } from 'vitest';
import { formatTimeOfNightMs } from '../src/model/timeOfNight';
import type { ServiceChange } from '../src/sim/serviceHistory';
import { runPreset } from './runPreset';

const t = (ms: number | null) => (ms === null ? '-' : formatTimeOfNightMs(ms));

function lines(changes: readonly ServiceChange[], stream: ServiceChange['stream']): string[] {
  return changes.flatMap((change) => {
    if (change.stream !== stream) return [];
    const view = change.view;
    switch (view.kind) {
      case 'redis':
        return [
          `${t(change.atMs)} ${view.up ? 'up' : 'down'}${view.promoted ? ' promoted' : ''} ${view.value ?? '-'} until ${t(view.expireAtMs)} counter ${view.counter}`,
        ];
      case 'lease':
        return [`${t(change.atMs)} ${view.holder || '-'} transitions ${view.transitions}`];
      case 'keys':
        return [`${t(change.atMs)} ${view.keys.map((key) => `${key.replica}:${key.number}`).join(' ') || '-'}`];
      case 'outbox':
        return [
          `${t(change.atMs)} ${view.rows.map((row) => (row.state === 'sent' ? 's' : row.state === 'claimed' ? (row.by ?? '?')[0] : '.')).join('')}`,
        ];
    }
    return [];
  });
}

describe('service history', () => {
  it('S10: the primary dies holding A:0 and counter 7; the promoted replica never saw them', () => {
    const { trace } = runPreset('s10-redis-failover');
    expect(lines(trace.services, 'redis:primary')).toEqual([
      '02:00:00.000 up - until - counter 6',
      '02:00:00.002 up A:0 until 02:30:00.002 counter 6',
      '02:00:00.002 up A:0 until 02:30:00.002 counter 7',
      '02:00:00.500 down A:0 until 02:30:00.002 counter 7',
    ]);
    expect(lines(trace.services, 'redis:replica')).toEqual([
      '02:00:00.000 up - until - counter 6',
      '02:00:05.500 up promoted - until - counter 6',
      '02:00:10.003 up promoted B:1 until 02:30:10.003 counter 6',
      // The same token 7 again: the INCR A's grant made was lost with the primary.
      '02:00:10.003 up promoted B:1 until 02:30:10.003 counter 7',
      '02:03:10.003 up promoted - until - counter 7',
    ]);
  });

  it('S11: a forward clock jump on redis brings the key expiry forward in true time', () => {
    const { trace, scenario } = runPreset('s11-redis-clock-jump');
    if (scenario.lock.kind !== 'redis') throw new Error('S11 is a Redis night');
    const ttlMs = scenario.lock.ttlMs;
    const jump = scenario.events.find((event) => event.type === 'clockJump');
    if (jump?.type !== 'clockJump') throw new Error('S11 has a clock jump');
    const keyAtJump = trace.services
      .filter((change) => change.stream === 'redis:primary' && change.atMs <= jump.atMs)
      .at(-1)?.view;
    if (keyAtJump?.kind !== 'redis' || keyAtJump.expireAtMs === null) throw new Error('a key lives at the jump');
    // Set at 02:00:00.002 with PX 5m; the 5-minute jump at 02:01:00 carries Redis's clock
    // past the deadline, so the key dies at the jump instant, four minutes early.
    expect(ttlMs).toBe(300_000);
    expect(keyAtJump.value).toBe('A:0');
    expect(keyAtJump.expireAtMs).toBe(jump.atMs);
  });

  it('S12: the Lease record, A renewing every 2 s, then B taking over with transitions 5', () => {
    const { trace } = runPreset('s12-leader-dies');
    const holders = lines(trace.services, 'lease').map((line) => line.split(' ').slice(1).join(' '));
    expect([...new Set(holders)]).toEqual(['- transitions 3', 'A transitions 4', 'B transitions 5']);
    expect(lines(trace.services, 'lease')).toContain('02:01:56.403 B transitions 5');
  });

  it('S15: the etcd keys, lowest first; the paused holder’s key goes with its session', () => {
    const { trace } = runPreset('s15-etcd-session-expires');
    expect(lines(trace.services, 'keys').slice(0, 5)).toEqual([
      '02:00:00.000 -',
      '02:00:00.002 A:7',
      '02:00:00.003 A:7 B:8',
      '02:00:00.004 A:7 B:8 C:9',
      '02:01:39.993 B:8 C:9',
    ]);
  });

  it('S16: the outbox rows claimed by A, B and C, B’s rolled back after its crash, all sent at the end', () => {
    const { trace } = runPreset('s16-outbox-crash-before-commit');
    const outbox = lines(trace.services, 'outbox');
    expect(outbox[0]).toBe(`02:00:00.000 ${'.'.repeat(30)}`);
    expect(outbox).toContain(`02:00:00.204 ${'A'.repeat(10)}${'B'.repeat(10)}${'C'.repeat(10)}`);
    expect(outbox.some((line) => line.endsWith(`${'s'.repeat(10)}${'.'.repeat(10)}${'s'.repeat(10)}`))).toBe(true);
    expect(outbox.at(-1)).toBe(`02:00:06.506 ${'s'.repeat(30)}`);
  });

  it('records nothing for a ShedLock night (its row is in the trace entries)', () => {
    expect(runPreset('s07-fencing-off').trace.services).toEqual([]);
  });
});
