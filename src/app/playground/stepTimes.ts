/**
 * The instants playback steps between: every time something happened that a learner would
 * want to stop at (a state change, a grant, a write decided, a crash or pause), sorted and
 * unique. Pure.
 */
import type { Trace } from '../../sim/trace';

const STEP_KINDS = new Set(['activity', 'process', 'grant', 'write', 'clockJump', 'keepAlive', 'tokenMinted']);

export function stepTimes(trace: Trace): number[] {
  const times = new Set<number>();
  for (const entry of trace.entries) if (STEP_KINDS.has(entry.kind)) times.add(entry.atMs);
  return [...times].sort((a, b) => a - b);
}

/** The next (direction 1) or previous (-1) step time from `fromMs`, or null at the ends. */
export function stepFrom(times: readonly number[], fromMs: number, direction: 1 | -1): number | null {
  if (direction === 1) return times.find((time) => time > fromMs) ?? null;
  for (let index = times.length - 1; index >= 0; index--) {
    const time = times[index] as number;
    if (time < fromMs) return time;
  }
  return null;
}
