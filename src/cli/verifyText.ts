/**
 * The words of `leaseline verify` on a terminal (docs/verify.md): what every night was, how
 * many there were, and what they do not do, or which of them breaks the design. Numbers are
 * grouped without the host's locale. Pure.
 */
import { formatDurationMs } from '../model/duration';
import { grouped } from '../search/describeFoundNight';
import type { FaultKind } from '../search/faultKinds';
import type { SearchInvariant } from '../search/searchSpace';
import type { VerifyBounds } from '../verify/verifyBounds';
import { FAULT_WORDS as SEARCH_FAULT_WORDS } from './searchText';

/** Lines are wrapped to this many characters (docs/verify.md's example reads so). */
const WIDTH_MAX = 94;

/** search's words, but a crash: verify's alphabet has crashes that never restart too. */
const FAULT_WORDS: Readonly<Record<FaultKind, string>> = { ...SEARCH_FAULT_WORDS, crash: 'crashes' };

/** What a night that breaks nothing does not do, invariant by invariant. */
const HOLDS_WORDS: Readonly<Record<SearchInvariant, string>> = {
  I1: 'never has two holders at once',
  I2: 'opens no zombie window',
  I3: 'applies nothing twice',
  I4: 'accepts no stale token',
  I5: 'hands out no token below the one before',
  I6: "leaves none of the night's work undone",
};

/** "pauses and crashes of 10s, 1m, 5m or 10m, starting on a 10-second grid". */
export function alphabetText(bounds: Pick<VerifyBounds, 'faults' | 'durationsMs' | 'gridMs'>): string {
  const kinds = joined(
    bounds.faults.map((kind) => FAULT_WORDS[kind]),
    'and',
  );
  const durations = joined(bounds.durationsMs.map(formatDurationMs), 'or');
  return `${kinds} of ${durations}, starting on a ${gridWords(bounds.gridMs)} grid`;
}

/** "night with up to 2 faults (...)", the file's own events named when every night keeps them. */
function nightsText(bounds: VerifyBounds, faultCount: number, keepsOwnEvents: boolean, noun: string): string {
  const own = keepsOwnEvents ? " besides the file's own events" : '';
  return `${noun} with up to ${plural(faultCount, 'fault')} (${alphabetText(bounds)})${own}`;
}

/** The whole answer when nothing broke. */
export function safeText(facts: {
  bounds: VerifyBounds;
  keepsOwnEvents: boolean;
  nightsCovered: number;
  simulations: number;
  elapsedMs: number;
}): string {
  const holds = joined(
    facts.bounds.invariants.map((invariant) => HOLDS_WORDS[invariant]),
    'and',
  );
  if (facts.bounds.maxFaults === 0) {
    // One night: an alphabet of faults it does not have and "up to 0 faults" would say nothing.
    return wrapped(
      `Safe within these bounds: with no fault allowed, the one night is ${nightWithoutFaults(facts, "the file's")}, and it ${holds}. ${costText(facts)}`,
    );
  }
  return wrapped(
    `Safe within these bounds: every ${nightsText(facts.bounds, facts.bounds.maxFaults, facts.keepsOwnEvents, 'night')} — ${plural(facts.nightsCovered, 'night')} — ${holds}. ${costText(facts)}`,
  );
}

/** The opening of the answer when a night broke the design. */
export function unsafeText(facts: {
  bounds: VerifyBounds;
  keepsOwnEvents: boolean;
  file: string;
  nightsCovered: number;
  failingNights: number;
  checkedFaultCount: number;
  exhaustive: boolean;
  smallestFaultCount: number;
  simulations: number;
  elapsedMs: number;
}): string {
  if (facts.checkedFaultCount === 0) {
    // Only the night without faults was checked: an alphabet and "up to 0 faults" would say nothing.
    const rest = facts.exhaustive
      ? ''
      : ` No night with faults was checked (--count checks every night up to ${plural(facts.bounds.maxFaults, 'fault')}).`;
    return wrapped(
      `Unsafe within these bounds: ${facts.file} already breaks in ${nightWithoutFaults(facts, 'its')}.${rest} ${costText(facts)}`,
    );
  }
  const nights = nightsText(
    facts.bounds,
    facts.checkedFaultCount,
    facts.keepsOwnEvents,
    facts.nightsCovered === 1 ? 'night' : 'nights',
  );
  const smallest =
    facts.smallestFaultCount === 0
      ? "the file's own night already breaks it"
      : `the smallest adds ${plural(facts.smallestFaultCount, 'fault')}`;
  const rest = facts.exhaustive
    ? ''
    : ` Nights with more faults were not checked (--count checks every night up to ${plural(facts.bounds.maxFaults, 'fault')}).`;
  return wrapped(
    `Unsafe within these bounds: ${grouped(facts.failingNights)} of the ${grouped(facts.nightsCovered)} ${nights} ${facts.failingNights === 1 ? 'breaks' : 'break'} ${facts.file}; ${smallest}.${rest} ${costText(facts)}`,
  );
}

/** The one night with no fault added: the file's own, or without faults (its events left out, or it has none). */
function nightWithoutFaults(
  facts: { bounds: VerifyBounds; keepsOwnEvents: boolean },
  owner: 'its' | "the file's",
): string {
  if (facts.keepsOwnEvents) return `${owner} own night`;
  return facts.bounds.fresh
    ? `${owner} night without faults (${owner} own events left out)`
    : `${owner} night without faults`;
}

/** "20,411 simulations, 4.2 s." */
function costText(facts: { simulations: number; elapsedMs: number }): string {
  return `${plural(facts.simulations, 'simulation')}, ${(facts.elapsedMs / 1000).toFixed(1)} s.`;
}

/** "10-second", "1-minute", or the duration as written for a grid of neither. */
function gridWords(gridMs: number): string {
  if (gridMs % 60_000 === 0) return `${gridMs / 60_000}-minute`;
  if (gridMs % 1000 === 0) return `${gridMs / 1000}-second`;
  return formatDurationMs(gridMs);
}

function plural(count: number, noun: string): string {
  return `${grouped(count)} ${noun}${count === 1 ? '' : 's'}`;
}

function joined(words: readonly string[], last: 'and' | 'or'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;
}

/** `text` in lines of at most WIDTH_MAX characters, broken at spaces, with a final newline. */
export function wrapped(text: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > WIDTH_MAX) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return `${lines.join('\n')}\n`;
}

/** The status line while verify works (a terminal only): "verify: 12,000 of 52,651 nights checked (22%)". */
export function progressText(progress: { readonly nightsChecked: number; readonly nightsTotal: number }): string {
  const percent = progress.nightsTotal === 0 ? 100 : Math.floor((100 * progress.nightsChecked) / progress.nightsTotal);
  return `verify: ${grouped(progress.nightsChecked)} of ${grouped(progress.nightsTotal)} nights checked (${percent}%)`;
}
