import { describeValue } from './describeValue';
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60 * MS_PER_SECOND;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

/** The last instant a file may name: 47:59:59.999 (two nights, so a run can cross midnight). */
export const TIME_OF_NIGHT_MAX_MS = 48 * MS_PER_HOUR - 1;

// Fraction digits are matched loosely so that ".2500" gets the sub-millisecond message
// instead of the generic one.
const TIME_OF_NIGHT = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$/;
const EXAMPLE = 'write hh:mm:ss, e.g. "02:01:30" or "02:01:30.250"';

/** Reads `"02:01:30"` or `"02:01:30.250"` as integer ms since 00:00:00. Pure. */
export function parseTimeOfNightMs(text: string): Parsed<number> {
  const shown = describeValue(text);
  const match = TIME_OF_NIGHT.exec(text);
  if (match === null)
    return parseFailure(`${shown} is not a time of night; ${EXAMPLE}`, detail('notTimeOfNight', { found: shown }));
  const [, hh = '', mm = '', ss = '', fraction = ''] = match;
  if (fraction.length > 3) {
    return parseFailure(
      `${shown} is finer than a millisecond; write at most three decimals, e.g. "02:01:30.250"`,
      detail('timeFinerThanMs', { found: shown }),
    );
  }
  const hours = Number(hh);
  const minutes = Number(mm);
  const seconds = Number(ss);
  if (minutes > 59 || seconds > 59) {
    return parseFailure(
      `${shown} is not a time of night: minutes and seconds go up to 59`,
      detail('timeMinutesSeconds', { found: shown }),
    );
  }
  if (hours > 47) {
    return parseFailure(
      `${shown} is past the end of the night; times run from "00:00:00" to "47:59:59.999"`,
      detail('timePastNight', { found: shown }),
    );
  }
  // ".25" is a quarter second, as in any decimal: pad on the right to milliseconds.
  const millis = fraction === '' ? 0 : Number(fraction.padEnd(3, '0'));
  return parsedValue(hours * MS_PER_HOUR + minutes * MS_PER_MINUTE + seconds * MS_PER_SECOND + millis);
}

/**
 * Writes integer ms as `"hh:mm:ss.mmm"`, always with milliseconds (the report format). Pure.
 * Total over safe integers: hours past 47 keep counting (a lock granted at 47:50 for 30m
 * ends at "48:20:00.000") and negative values get a leading "-", though only
 * 00:00:00 to 47:59:59.999 reads back.
 */
export function formatTimeOfNightMs(ms: number): string {
  const { sign, hours, minutes, seconds, millis } = splitMs(ms);
  return `${sign}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${String(millis).padStart(3, '0')}`;
}

/** Like `formatTimeOfNightMs` but drops ".000" (for labels and axes). Pure. */
export function formatTimeOfNightShort(ms: number): string {
  const full = formatTimeOfNightMs(ms);
  return full.endsWith('.000') ? full.slice(0, -4) : full;
}

function splitMs(ms: number) {
  if (!Number.isSafeInteger(ms)) throw new RangeError(`time of night must be integer ms, got ${ms}`);
  const abs = Math.abs(ms);
  return {
    sign: ms < 0 ? '-' : '',
    hours: Math.floor(abs / MS_PER_HOUR),
    minutes: Math.floor(abs / MS_PER_MINUTE) % 60,
    seconds: Math.floor(abs / MS_PER_SECOND) % 60,
    millis: abs % MS_PER_SECOND,
  };
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
