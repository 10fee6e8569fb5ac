import { describeValue } from './describeValue';
import { detail } from './errorDetail';
import { type Parsed, parsedValue, parseFailure } from './parsed';

const UNIT_MS = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 } as const;
type Unit = keyof typeof UNIT_MS;
const UNITS_LARGEST_FIRST: readonly Unit[] = ['h', 'm', 's', 'ms'];

/** Longer text is refused outright: no real duration needs it, and BigInt work stays small. */
const DURATION_CHARS_MAX = 40;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
// `m(?!s)` keeps "5ms" from being read as five minutes followed by a stray "s".
const COMPACT = new RegExp(`^(-)?(?:${NUMBER}h)?(?:${NUMBER}m(?!s))?(?:${NUMBER}s)?(?:${NUMBER}ms)?$`);
// Units in any order or repeated: recognised only to give a better message.
const COMPACT_ANY_ORDER = /^-?(?:\d+(?:\.\d+)?(?:h|ms|m|s))+$/;
// ISO-8601 as java.time.Duration writes it (ShedLock's "PT30M"); like Java, only seconds
// may carry a fraction, and letters may be lower case.
const ISO = /^(-)?PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/i;

/**
 * Reads a duration as integer ms: compact `"1m30s"`, `"250ms"`, `"2.5s"`, `"-90s"` (units h, m,
 * s, ms, largest first, each at most once) or ISO-8601 `"PT5M"`, `"PT1H30M"`, `"PT2.5S"`.
 * Input that does not come to a whole millisecond ("0.5ms") is refused, not rounded. Pure.
 */
export function parseDurationMs(text: string): Parsed<number> {
  const shown = describeValue(text);
  if (text.length > DURATION_CHARS_MAX)
    return parseFailure(`${shown} is too long to be a duration`, detail('durationTooLongText', { found: shown }));
  const parts = compactParts(text) ?? isoParts(text);
  if (parts === null) {
    const unitOrder = COMPACT_ANY_ORDER.test(text);
    const hint = unitOrder ? ': units go largest first (h, m, s, ms), each at most once' : '';
    const problem = detail(unitOrder ? 'durationUnitOrder' : 'notDuration', { found: shown });
    return parseFailure(`${shown} is not a duration${hint}; write e.g. "60s"`, problem);
  }
  let totalMs = 0n;
  for (const { digits, unit } of parts.components) {
    const [whole = '', fraction = ''] = digits.split('.');
    const scale = 10n ** BigInt(fraction.length);
    const scaledMs = BigInt(whole + fraction) * BigInt(UNIT_MS[unit]);
    if (scaledMs % scale !== 0n) {
      const problem = detail('durationFinerThanMs', { found: shown });
      return parseFailure(`${shown} is finer than a millisecond; durations are whole milliseconds`, problem);
    }
    totalMs += scaledMs / scale;
  }
  if (totalMs > BigInt(Number.MAX_SAFE_INTEGER))
    return parseFailure(`${shown} is too long a duration`, detail('durationTooLarge', { found: shown }));
  const ms = Number(totalMs);
  // "-0s" is zero, not negative zero, so that equality and formatting stay simple.
  return parsedValue(parts.negative && ms !== 0 ? -ms : ms);
}

/** Writes integer ms in the canonical compact form: `"1m30s"`, `"250ms"`, `"-90s"`, `"0s"`. Pure. */
export function formatDurationMs(ms: number): string {
  if (!Number.isSafeInteger(ms)) throw new RangeError(`duration must be integer ms, got ${ms}`);
  if (ms === 0) return '0s';
  let restMs = Math.abs(ms);
  let text = ms < 0 ? '-' : '';
  for (const unit of UNITS_LARGEST_FIRST) {
    const count = Math.floor(restMs / UNIT_MS[unit]);
    restMs -= count * UNIT_MS[unit];
    if (count > 0) text += `${count}${unit}`;
  }
  return text;
}

interface DurationParts {
  readonly negative: boolean;
  readonly components: readonly { readonly digits: string; readonly unit: Unit }[];
}

function compactParts(text: string): DurationParts | null {
  const match = COMPACT.exec(text);
  if (match === null) return null;
  return collect(match[1] === '-', [match[2], match[3], match[4], match[5]], UNITS_LARGEST_FIRST);
}

function isoParts(text: string): DurationParts | null {
  const match = ISO.exec(text);
  if (match === null) return null;
  return collect(match[1] === '-', [match[2], match[3], match[4]], ['h', 'm', 's']);
}

/** Pairs captured numbers with their units; null when no unit was written at all ("-", "PT"). */
function collect(negative: boolean, captures: readonly (string | undefined)[], units: readonly Unit[]) {
  const components: { digits: string; unit: Unit }[] = [];
  captures.forEach((digits, i) => {
    const unit = units[i];
    if (digits !== undefined && unit !== undefined) components.push({ digits, unit });
  });
  return components.length === 0 ? null : { negative, components };
}
