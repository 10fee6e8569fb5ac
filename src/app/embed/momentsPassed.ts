/**
 * Which key moments the playhead passed in one move, for the host page's `keyMoment`
 * messages. Pure. Forward (playing, a seek or a step ahead): the moments after where it was,
 * up to and including where it is. Backward (a step back, a seek back): only a moment it
 * lands on, so stepping back through the night still tells each moment once per landing.
 */
export function momentsPassed(timesMs: readonly number[], fromMs: number | null, toMs: number): number[] {
  if (fromMs === null) return timesMs.filter((atMs) => atMs === toMs);
  if (toMs > fromMs) return timesMs.filter((atMs) => atMs > fromMs && atMs <= toMs);
  if (toMs < fromMs) return timesMs.filter((atMs) => atMs === toMs);
  return [];
}
