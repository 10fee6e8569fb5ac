/**
 * Reading and writing the times of a document event in the file's own notation. Reads return
 * null rather than throw: a document mid-edit may hold text that does not parse, and the
 * timeline then leaves that event out instead of failing. Writes use the short time form
 * (`02:01:30`, `02:01:30.250`) and the canonical duration (`1m30s`). Pure.
 */
import { formatDurationMs, parseDurationMs } from '../model/duration';
import { formatTimeOfNightShort, parseTimeOfNightMs, TIME_OF_NIGHT_MAX_MS } from '../model/timeOfNight';

/** Integer ms of a time-of-night text, or null. */
export function readTimeMs(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const parsed = parseTimeOfNightMs(text);
  return parsed.ok ? parsed.value : null;
}

/** Integer ms of a duration text, or null. */
export function readDurationMs(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const parsed = parseDurationMs(text);
  return parsed.ok ? parsed.value : null;
}

/** A time of night for the file: rounded to the ms and kept inside 00:00:00-47:59:59.999. */
export function writeTime(ms: number): string {
  return formatTimeOfNightShort(clampTimeMs(ms));
}

/** A duration for the file, rounded to the ms. */
export function writeDuration(ms: number): string {
  return formatDurationMs(Math.round(ms));
}

/** Rounded and inside the times a file may name. */
export function clampTimeMs(ms: number): number {
  return Math.min(TIME_OF_NIGHT_MAX_MS, Math.max(0, Math.round(ms)));
}
