/**
 * Reading and writing the times of a document event in the file's own notation. Reads return
 * null rather than throw: a document mid-edit may hold text that does not parse, and the
 * timeline then leaves that event out instead of failing. Writes use the short time form
 * (`02:01:30`, `02:01:30.250`) and the canonical duration (`1m30s`). Pure.
 */
import { formatDurationMs, parseDurationMs } from '../model/duration';
import { formatTimeOfNightShort, parseTimeOfNightMs, TIME_OF_NIGHT_MAX_MS } from '../model/timeOfNight';

/**
 * The texts read lately and their ms: every layout reads every event's times, and a drag lays
 * a 200-event night out again for each night it shows, from texts that are nearly all the same.
 */
const readMs = new Map<string, number | null>();

/** `parse(text)`'s value, or null, remembered for the text. */
function remembered(kind: string, text: unknown, parse: (text: string) => { ok: boolean; value?: number }) {
  if (typeof text !== 'string') return null;
  const id = kind + text;
  let ms = readMs.get(id);
  if (ms === undefined) {
    const parsed = parse(text);
    ms = parsed.ok ? (parsed.value as number) : null;
    if (readMs.size > 4096) readMs.clear();
    readMs.set(id, ms);
  }
  return ms;
}

/** Integer ms of a time-of-night text, or null. */
export function readTimeMs(text: unknown): number | null {
  return remembered('t', text, parseTimeOfNightMs);
}

/** Integer ms of a duration text, or null. */
export function readDurationMs(text: unknown): number | null {
  return remembered('d', text, parseDurationMs);
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
