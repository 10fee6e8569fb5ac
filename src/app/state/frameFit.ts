/**
 * Whether a drag may re-run a night inside the pointer event, or must send it to the night
 * worker. Decided from the night the chart shows (the drag's origin, then its latest
 * preview): a preview has the same replicas, events and window, so its trace is about as long,
 * and the engine's work grows with the trace. A trace length is deterministic, where a timing
 * on a busy machine is not: the same night always goes the same way.
 */
import type { Night } from './night';

/**
 * Above this many trace entries a re-run no longer fits a frame beside its layout and drawing:
 * in Chromium the engine spends about 3-5 µs per entry, so 1,500 entries is 5-8 ms. Every
 * preset is below it (the longest, an etcd night, has about 1,200); the benchmark's
 * 9-replica, 200-event night (about 3,100) and the 12-hour night are above.
 */
export const FRAME_TRACE_ENTRIES_MAX = 1500;

/** Pure: true when a night like this one can be re-run on the main thread within a frame. */
export function fitsFrame(night: Night): boolean {
  return night.kind !== 'ok' || night.trace.entries.length <= FRAME_TRACE_ENTRIES_MAX;
}
