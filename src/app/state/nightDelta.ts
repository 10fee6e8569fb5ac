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
 * from the end of each night it kept (a record's text is written once: records never change),
 * and names the night that shares the most; the page rebuilds each log from that night, which
 * it holds: it reads every message, in order, and keeps as many (both sides through `keepLast`).
 * Deterministic: the texts kept by record are a cache of `JSON.stringify`.
 */
import type { Trace } from '../../sim/trace';
import type { Night } from './night';

/** How many nights sent last the worker may build on, and the page keeps to rebuild them. */
const KEPT_NIGHTS = 4;

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

/** A night either side keeps: the message it came in (the request's id) and the night. */
export interface KeptNight {
  readonly id: number;
  readonly night: Night;
}

/**
 * `night`, sent in a message, as text: its logs cut to what the best of `sent` (the nights sent
 * last, at most `KEPT_NIGHTS`) lacks.
 */
export function writeNight(night: Night, sent: readonly KeptNight[]): NightText {
  if (night.kind !== 'ok') return { nightJson: JSON.stringify(night) };
  let best: { from: number; ends: Record<SharedLog, readonly [number, number]>; shared: number } | null = null;
  for (const { id, night: before } of sent) {
    if (before.kind !== 'ok') continue;
    const ends = {} as Record<SharedLog, readonly [number, number]>;
    let shared = 0;
    for (const log of SHARED_LOGS) {
      ends[log] = sharedEnds(before.trace[log], night.trace[log]);
      shared += ends[log][0] + ends[log][1];
    }
    if (best === null || shared > best.shared) best = { from: id, ends, shared };
  }
  if (best === null) return { nightJson: JSON.stringify(night) };
  const middles = {} as Record<SharedLog, readonly unknown[]>;
  for (const log of SHARED_LOGS) {
    const [prefix, suffix] = best.ends[log];
    middles[log] = night.trace[log].slice(prefix, night.trace[log].length - suffix);
  }
  const cut = { ...night, trace: { ...night.trace, ...middles } };
  return { nightJson: JSON.stringify(cut), shared: { from: best.from, ends: best.ends } };
}

/** The night `text` stands for, its logs rebuilt from the night it names among `read` (the nights read last). */
export function readNight(text: NightText, read: readonly KeptNight[]): Night {
  const night = JSON.parse(text.nightJson) as Night;
  if (text.shared === undefined) return night;
  const from = text.shared.from;
  const base = read.find(({ id }) => id === from)?.night;
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

/** Each record's JSON text, written once: a record is never changed once in a trace. */
const recordTexts = new WeakMap<object, string>();

function textOf(record: object): string {
  let text = recordTexts.get(record);
  if (text === undefined) {
    text = JSON.stringify(record);
    recordTexts.set(record, text);
  }
  return text;
}

/**
 * How many records at the start and at the end of `records` are `before`'s at the same place
 * from that end (the same object, or the same text), the two never overlapping.
 */
function sharedEnds(before: readonly object[], records: readonly object[]): [number, number] {
  const same = (a: object, b: object) => a === b || textOf(a) === textOf(b);
  const most = Math.min(before.length, records.length);
  let prefix = 0;
  while (prefix < most && same(before[prefix] as object, records[prefix] as object)) prefix++;
  let suffix = 0;
  while (
    suffix < most - prefix &&
    same(before[before.length - 1 - suffix] as object, records[records.length - 1 - suffix] as object)
  ) {
    suffix++;
  }
  return [prefix, suffix];
}
