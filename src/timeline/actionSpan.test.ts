import { describe, expect, it } from 'vitest';
import { runPreset } from '../../tests/runPreset';
import { actionSpan } from './actionSpan';

describe('actionSpan', () => {
  it.each(['s16-outbox-no-lock', 's17-digest-send-then-claim', 's17-digest-claim-then-send', 's18-cleanup-idempotent'])(
    'opens %s on its action: its work, every write and crash inside, most of the window left out',
    (id) => {
      const { trace, scenario } = runPreset(id);
      const span = actionSpan(trace, scenario.job.kind);
      expect(span).not.toBeNull();
      if (span === null) return;
      expect(span.fromMs).toBeGreaterThanOrEqual(trace.windowFromMs);
      expect(span.toMs).toBeLessThanOrEqual(trace.windowToMs);
      expect(span.toMs - span.fromMs).toBeLessThan((trace.windowToMs - trace.windowFromMs) * 0.6);
      for (const write of trace.writes) {
        expect(write.atMs).toBeGreaterThanOrEqual(span.fromMs);
        expect(write.atMs).toBeLessThanOrEqual(span.toMs);
      }
      for (const entry of trace.entries)
        if (entry.kind === 'process')
          expect(entry.atMs, `${entry.kind} at ${entry.atMs}`).toBeLessThanOrEqual(span.toMs);
      const firstWorkMs = trace.entries.find((entry) => entry.kind === 'activity' && entry.to !== 'idle')?.atMs ?? 0;
      expect(span.fromMs).toBeLessThanOrEqual(firstWorkMs);
    },
  );

  it('leaves every other night whole (the flagship, Redis, leader election)', () => {
    for (const id of ['s07-fencing-off', 's10-redis-failover', 's12-leader-dies', 's05-short-job-clock-skew']) {
      const { trace, scenario } = runPreset(id);
      expect(actionSpan(trace, scenario.job.kind), id).toBeNull();
    }
  });

  it('keeps the whole window when the action fills most of it (the relay republishes 6 s in)', () => {
    const { trace, scenario } = runPreset('s16-outbox-crash-before-commit');
    const lastWriteMs = Math.max(...trace.writes.map((write) => write.atMs));
    expect(lastWriteMs - trace.windowFromMs).toBeGreaterThan(6_000);
    expect(actionSpan(trace, scenario.job.kind)).toBeNull();
  });

  it('pads the digest, whose work lasts about 4 s of a minute, to a few seconds either side', () => {
    const { trace, scenario } = runPreset('s17-digest-send-then-claim');
    const span = actionSpan(trace, scenario.job.kind);
    expect(span).toEqual({ fromMs: trace.windowFromMs, toMs: expect.any(Number) });
    expect((span?.toMs ?? 0) - trace.windowFromMs).toBeLessThan(10_000);
  });
});
