/**
 * Times and spans as a person reads them in a sentence (the verdict, a violation, a key
 * moment), without the latency model's noise: a statement takes effect 2-4 ms after it was
 * sent (ARCHITECTURE.md, latency model), so a write B sent at 02:06:00 is decided at
 * 02:06:00.003 and a zombie window lasts 3m49s999ms. Sentences round to the nearest 10 ms
 * and drop trailing zeros: "02:06:00", "3 min 50 s", while a relay's publish every 50 ms
 * still reads "02:00:00.05". Tables and the report keep the exact milliseconds. Pure.
 */
import { formatTimeOfNightMs } from './timeOfNight';

/** The rounding step of a spoken time or span, in ms: coarser than the latency model's. */
export const SPOKEN_STEP_MS = 10;

/** `ms` rounded to the spoken step (spans under a second are kept exact: "3 ms" is the point). */
export function spokenMs(ms: number): number {
  if (Math.abs(ms) < 1000) return ms;
  return Math.round(ms / SPOKEN_STEP_MS) * SPOKEN_STEP_MS;
}

/** A time of night for a sentence: `02:06:00`, `02:00:00.05`. */
export function spokenTimeOfNight(ms: number): string {
  const [clock = '', fraction = ''] = formatTimeOfNightMs(Math.round(ms / SPOKEN_STEP_MS) * SPOKEN_STEP_MS).split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits === '' ? clock : `${clock}.${digits}`;
}

/** The parts of a span for a sentence: whole minutes and the seconds left, e.g. 3 and 50. */
export function spokenSpan(ms: number): { readonly minutes: number; readonly seconds: number; readonly ms: number } {
  const rounded = spokenMs(ms);
  const minutes = Math.floor(rounded / 60_000);
  return { minutes, seconds: Number(((rounded % 60_000) / 1000).toFixed(2)), ms: rounded };
}
