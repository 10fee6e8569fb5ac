/**
 * Pure: a clock reading in ms of the night as `hh:mm:ss.mmm` (readings may fall outside
 * 00:00-48:00 when a clock is skewed or jumped, so this accepts any integer).
 */
export function formatClockMs(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${sign}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${String(millis).padStart(3, '0')}`;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
