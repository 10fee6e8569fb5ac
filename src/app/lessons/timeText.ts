/** Times of night written in lesson data, read as milliseconds. */
import { parseTimeOfNightMs } from '../../model/timeOfNight';

/** The time in ms; lesson data is checked by the golden test, so a bad time is a bug. */
export function mustParseTimeOfNight(text: string): number {
  const parsed = parseTimeOfNightMs(text);
  if (!parsed.ok) throw new Error(`lesson data: "${text}" is not a time of night`);
  return parsed.value;
}
