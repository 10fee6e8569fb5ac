import { describe, expect, it } from 'vitest';
import { largeUiNightDocument } from '../../../scripts/largeUiNight';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { nightFromOrigin } from './incrementalNight';
import { computeNight, type Night } from './night';
import { type KeptNight, keepLast, type NightText, readNight, writeNight } from './nightDelta';

type Move = (document: ScenarioDocument & { events: { at?: string; for?: string }[] }) => void;

/** `origin` with its first event moved `bySeconds` later. */
const later =
  (bySeconds: number): Move =>
  (document) => {
    const event = document.events[0];
    if (event?.at === undefined) throw new Error('the first event has no instant');
    const [hh, mm, ss] = event.at.split(':').map(Number) as [number, number, number];
    const seconds = hh * 3600 + mm * 60 + ss + bySeconds;
    const pad = (value: number) => String(value).padStart(2, '0');
    event.at = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  };

/** `origin` with its first event, a pause, lasting `seconds`. */
const lasting =
  (seconds: number): Move =>
  (document) => {
    const event = document.events[0];
    if (event?.for === undefined) throw new Error('the first event is not a pause');
    event.for = `${seconds}s`;
  };

/** A drag's moves as the worker answers them, each written after the ones before and read back in order, as the page does. */
function dragged(origin: ScenarioDocument, moves: readonly Move[]) {
  let sent: KeptNight[] = [];
  let kept: KeptNight[] = [];
  return moves.map((move, index) => {
    const document = structuredClone(origin) as Parameters<Move>[0];
    move(document);
    const night = nightFromOrigin(origin, document);
    const text = writeNight(night, sent);
    sent = keepLast(sent, { id: index + 1, night });
    const read = readNight(structuredClone(text), kept);
    kept = keepLast(kept, { id: index + 1, night: read });
    return { document: document as ScenarioDocument, text, read };
  });
}

describe("the night worker's messages", () => {
  it.each(
    PRESETS.filter((preset) => (preset.document as { events?: { at?: string }[] }).events?.[0]?.at !== undefined).map(
      (preset) => [preset.id, preset.document as ScenarioDocument] as const,
    ),
  )(
    "%s: a drag's nights, each sent as what the one before lacks, read back as computeNight makes them",
    (_id, origin) => {
      // Forward, back over the same instants, and a jump: moves that share much, little and nothing.
      for (const { document, read } of dragged(origin, [2, 4, 6, 4, 2, 600, 3].map(later))) {
        expect(read).toStrictEqual(computeNight(document));
      }
    },
  );

  it.each([
    ['moved later', [2, 4, 6, 8].map(later)],
    // The bench's drag: the pause's end, whose nights meet no earlier state, yet end alike.
    ['made longer', [26, 32, 38, 44].map(lasting)],
  ])('send only the middle of a big night whose first pause is %s', (_how, moves) => {
    const origin = largeUiNightDocument() as unknown as ScenarioDocument;
    const answers = dragged(origin, moves);
    const whole = JSON.stringify(computeNight(answers[3]?.document as ScenarioDocument)).length;
    for (const { document, read } of answers) expect(read).toStrictEqual(computeNight(document));
    expect(answers[0]?.text.shared).toBeUndefined();
    for (const { text } of answers.slice(1)) {
      expect(text.shared?.ends.entries[1]).toBeGreaterThan(2000);
      expect(text.nightJson.length).toBeLessThan(whole / 3);
    }
  });

  it('send an invalid night whole, and build on the valid nights before it', () => {
    const valid = PRESETS[0]?.document as ScenarioDocument;
    const invalid = { ...valid, replicas: 'none' } as unknown as ScenarioDocument;
    const nights = [valid, invalid, valid].map((document, index) => ({ id: index + 1, night: computeNight(document) }));
    const [first, second, third] = nights.map(({ night }, index) => writeNight(night, nights.slice(0, index)));
    expect(first?.shared).toBeUndefined();
    expect(second?.shared).toBeUndefined();
    expect(third?.shared?.from).toBe(1);
    let read: KeptNight[] = [];
    for (const [index, text] of [first, second, third].entries()) {
      read = keepLast(read, { id: index + 1, night: readNight(text as NightText, read) });
    }
    expect(read.at(-1)?.night).toStrictEqual(computeNight(valid));
  });

  it("build on the kept night that shares the most: a drag back over the night's turning point", () => {
    const origin = largeUiNightDocument() as unknown as ScenarioDocument;
    // 11 s and less: 3,150 entries; 12 s and more: 3,125 and another course to the end.
    const answers = dragged(origin, [14, 10, 13, 9, 15].map(lasting));
    for (const { document, read } of answers) expect(read).toStrictEqual(computeNight(document));
    const entries = (night: Night) => (night.kind === 'ok' ? night.trace.entries.length : 0);
    expect(answers.map(({ read }) => entries(read))).toEqual([3125, 3150, 3125, 3150, 3125]);
    // Each from the last night on its side of the turning point, not the move just before.
    for (const { text, read } of answers.slice(2)) {
      const from = answers[(text.shared?.from ?? 0) - 1]?.read as Night;
      expect(entries(from)).toBe(entries(read));
      expect(text.shared?.ends.entries[1]).toBeGreaterThan(2000);
    }
  });

  it('refuse changes without the night they change', () => {
    const origin = PRESETS.find((preset) => preset.id === 's07-fencing-off')?.document as ScenarioDocument;
    const [, second] = dragged(origin, [2, 4].map(later));
    expect(second?.text.shared).toBeDefined();
    expect(() => readNight(second?.text as never, [])).toThrow(/without the night they change/);
  });
});
