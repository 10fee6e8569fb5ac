/** Times and durations as the scenario file writes them, for labels and value texts. Pure. */
import { formatDurationMs } from '../model/duration';
import { formatTimeOfNightShort } from '../model/timeOfNight';

/** `02:01:30`, or `02:01:30.250` when there are milliseconds; rounds a fractional ms. */
export function formatTime(ms: number): string {
  return formatTimeOfNightShort(Math.round(ms));
}

/** `+30s`, `-1m30s`: a clock jump's size with its sign. */
export function formatSignedDuration(ms: number): string {
  const rounded = Math.round(ms);
  return rounded > 0 ? `+${formatDurationMs(rounded)}` : formatDurationMs(rounded);
}
