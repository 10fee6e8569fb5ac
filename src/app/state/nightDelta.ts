/**
 * A night as the night worker sends it: JSON text, and, when the worker sent nights before,
 * only the middle of its long logs, the rest taken from one of the last nights it sent. A
 * drag's move changes the night for a while, and the rest of its records are those of an
 * earlier move, to the byte: on the UI benchmark's 9-replica, 200-event night, a move of A's
 * first pause's end by a few seconds leaves about 85 entries at the start and 2,875 at the end
 * of 3,125 as they were, though the re-run meets no earlier state (message numbers and tokens
 * further on differ). A drag that goes back and forth over an instant where the night changes
 * course (that pause shorter than 12 s: 3,150 entries, and then few alike at the end) finds
 * its like two moves back, so the worker keeps the last few nights it sent, and the page the
 * last few it read. Reading the whole 581 kB text was the largest part of an answer's cost on
 * the main thread after drawing it.
 *
 * The worker compares each record's JSON text with the one at the same place from the start or
 * from the end of each night it kept (a record met before is not written again), and names the
 * night that shares the most; the page rebuilds each log from that night, which it holds: it
 * reads every message, in order, and keeps as many. Pure.
 */
import type { Trace } from '../../sim/trace';
import type { Night } from './night';

/** How many nights sent last the worker may build on, and the page keeps to rebuild them. */
export const KEPT_NIGHTS = 4;

/** The trace's logs sent as their middle: long, and shared from one move to the next. */
const SHARED_LOGS = ['entries', 'runs', 'writes', 'grants'] as const;
type SharedLog = (typeof SHARED_LOGS)[number];

/** How many records of each shared log, at its start and at its end, are the night `from`'s. */
export interface SharedEnds {
  /** The message the night came in (the request's id). */
  readonly from: number;
  readonly ends: Readonly<Record<SharedLog, readonly [prefix: number, suffix: number]>>;
}

/** A night written for the page: its JSON text, with `shared` when the text's logs are only their middles. */
export interface NightText {
  readonly nightJson: string;
  readonly shared?: SharedEnds;
}

/** What the worker keeps of a night it sent: the message's id, the night, and its logs' records as JSON text. */
export interface SentNight {
  readonly id: number;
  readonly night: Night;
  readonly texts: Readonly<Record<SharedLog, readonly string[]>> | null;
}

type OkNight = Extract<Night, { kind: 'ok' }>;

/**
 * `night`, sent in message `id`, as text: its logs cut to what the best of `sent` (the nights
 * sent last, at most `KEPT_NIGHTS`) lacks; and what to keep of it.
 */
export function writeNight(night: Night, id: number, sent: readonly SentNight[]): { text: NightText; sent: SentNight } {
  if (night.kind !== 'ok') return { text: { nightJson: JSON.stringify(night) }, sent: { id, night, texts: null } };
  const known = knownTexts(sent);
  const texts = {} as Record<SharedLog, readonly string[]>;
  for (const log of SHARED_LOGS) {
    const records: readonly object[] = night.trace[log];
    texts[log] = records.map((record) => known.get(record) ?? JSON.stringify(record));
  }
  const kept = { id, night, texts };
  let best: { from: SentNight; ends: Record<SharedLog, readonly [number, number]>; shared: number } | null = null;
  for (const base of sent) {
    if (base.texts === null) continue;
    const ends = {} as Record<SharedLog, readonly [number, number]>;
    let shared = 0;
    for (const log of SHARED_LOGS) {
      ends[log] = sharedEnds(base.texts[log], texts[log]);
      shared += ends[log][0] + ends[log][1];
    }
    if (best === null || shared > best.shared) best = { from: base, ends, shared };
  }
  if (best === null) return { text: { nightJson: JSON.stringify(night) }, sent: kept };
  const middles = {} as Record<SharedLog, readonly unknown[]>;
  for (const log of SHARED_LOGS) {
    const [prefix, suffix] = best.ends[log];
    middles[log] = night.trace[log].slice(prefix, night.trace[log].length - suffix);
  }
  const cut = { ...night, trace: { ...night.trace, ...middles } };
  return { text: { nightJson: JSON.stringify(cut), shared: { from: best.from.id, ends: best.ends } }, sent: kept };
}

/** The night `text` stands for, its logs rebuilt from the night it names among `read` (the nights read last, by message id). */
export function readNight(text: NightText, read: ReadonlyMap<number, Night>): Night {
  const night = JSON.parse(text.nightJson) as Night;
  if (text.shared === undefined) return night;
  const base = read.get(text.shared.from);
  if (night.kind !== 'ok' || base?.kind !== 'ok')
    throw new Error('a night sent as changes without the night they change');
  const trace = night.trace as { -readonly [log in keyof Trace]: Trace[log] };
  for (const log of SHARED_LOGS) {
    const [prefix, suffix] = text.shared.ends[log];
    const before: readonly unknown[] = base.trace[log];
    const middle: readonly unknown[] = trace[log];
    (trace as Record<SharedLog, readonly unknown[]>)[log] = [
      ...before.slice(0, prefix),
      ...middle,
      ...before.slice(before.length - suffix),
    ];
  }
  return night;
}

/** `list` with `item` added, the oldest left out past `KEPT_NIGHTS` (both sides keep the same nights). */
export function keepLast<T>(list: readonly T[], item: T): T[] {
  return [...list, item].slice(-KEPT_NIGHTS);
}

/** The text of every record of the kept nights, by record: a record sent before is not written again. */
function knownTexts(sent: readonly SentNight[]): Map<object, string> {
  const known = new Map<object, string>();
  for (const { night, texts } of sent) {
    if (texts === null) continue;
    const trace = (night as OkNight).trace;
    for (const log of SHARED_LOGS) {
      const records: readonly object[] = trace[log];
      records.forEach((record, index) => {
        known.set(record, texts[log][index] as string);
      });
    }
  }
  return known;
}

/**
 * How many texts at the start and at the end of `texts` equal `before`'s at the same place
 * from that end, the two never overlapping.
 */
function sharedEnds(before: readonly string[], texts: readonly string[]): [number, number] {
  const most = Math.min(before.length, texts.length);
  let prefix = 0;
  while (prefix < most && before[prefix] === texts[prefix]) prefix++;
  let suffix = 0;
  while (suffix < most - prefix && before[before.length - 1 - suffix] === texts[texts.length - 1 - suffix]) suffix++;
  return [prefix, suffix];
}
