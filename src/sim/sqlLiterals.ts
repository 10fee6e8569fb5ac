/**
 * PostgreSQL literals for the statements the trace shows, so that every one of them is a real
 * statement a learner may paste into `psql`: times of the night as full timestamps on the
 * night's date (`timestamptz '2026-11-30 02:05:00.002+00'`), durations as intervals
 * (`interval '5 minutes'`). Pure.
 */
import { RUN_DATE } from './runDate';

const MS_PER_DAY = 86_400_000;

/**
 * The calendar date of the night: the run date `D`, the date the lab's database uses for
 * tonight too (docs/lab.md: last night's lock row is `D - 1 day 02:10`).
 */
export const NIGHT_DATE = RUN_DATE;

/** `timestamptz '2026-11-30 02:05:00.002+00'` for ms of the night (past 24:00 is the next day). */
export function sqlTimestamp(msOfNight: number): string {
  return `timestamptz '${timestampText(msOfNight)}'`;
}

/** The timestamp's text alone, `2026-11-30 02:05:00.002+00`. */
export function timestampText(msOfNight: number): string {
  const dayOffset = Math.floor(msOfNight / MS_PER_DAY);
  const inDay = msOfNight - dayOffset * MS_PER_DAY;
  const hours = Math.floor(inDay / 3_600_000);
  const minutes = Math.floor((inDay % 3_600_000) / 60_000);
  const seconds = Math.floor((inDay % 60_000) / 1000);
  const millis = inDay % 1000;
  const time = `${two(hours)}:${two(minutes)}:${two(seconds)}.${String(millis).padStart(3, '0')}`;
  return `${addDays(NIGHT_DATE, dayOffset)} ${time}+00`;
}

/** `interval '5 minutes'`, `interval '1 minute 30.25 seconds'`, `interval '0 seconds'`. */
export function sqlInterval(durationMs: number): string {
  const sign = durationMs < 0 ? '-' : '';
  let rest = Math.abs(durationMs);
  const parts: string[] = [];
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  if (hours > 0) parts.push(unit(hours, 'hour'));
  if (minutes > 0) parts.push(unit(minutes, 'minute'));
  if (rest > 0 || parts.length === 0) {
    const seconds = rest % 1000 === 0 ? String(rest / 1000) : (rest / 1000).toFixed(3).replace(/0+$/, '');
    parts.push(`${seconds} second${seconds === '1' ? '' : 's'}`);
  }
  // PostgreSQL reads each field's sign on its own (outside the SQL-standard interval style).
  return `interval '${parts.map((part) => sign + part).join(' ')}'`;
}

const unit = (count: number, name: string): string => `${count} ${name}${count === 1 ? '' : 's'}`;
const two = (value: number): string => String(value).padStart(2, '0');

/** `YYYY-MM-DD` plus a number of days, on the proleptic Gregorian calendar (no Date here). */
function addDays(isoDate: string, days: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const { y, m, d } = civilFromDays(daysFromCivil(year, month, day) + days);
  return `${String(y).padStart(4, '0')}-${two(m)}-${two(d)}`;
}

// Howard Hinnant's days_from_civil / civil_from_days.
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}
