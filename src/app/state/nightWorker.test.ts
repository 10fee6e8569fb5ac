import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { computeNight } from './night';
import { type KeptNight, keepLast, readNight } from './nightDelta';
import type { NightRequest } from './nightScheduler';
import type { NightMessage } from './nightWorkerPort';

/** The worker's global scope as the module sees it, stubbed: what it posts is collected. */
interface Scope {
  onmessage: ((event: { data: NightRequest }) => void) | null;
  postMessage?: (message: NightMessage) => void;
}

afterEach(() => {
  const scope = globalThis as unknown as Scope;
  scope.onmessage = null;
  delete scope.postMessage;
  vi.resetModules();
});

describe('the night worker', () => {
  it('answers a request with its id and the night computeNight makes, as JSON text', async () => {
    const scope = globalThis as unknown as Scope;
    const posted: NightMessage[] = [];
    scope.postMessage = (message) => posted.push(message);
    await import('./nightWorker');
    const document = PRESETS[0]?.document as ScenarioDocument;
    scope.onmessage?.({ data: { id: 7, document } });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.id).toBe(7);
    // The message itself crosses by structured clone: a number and a string.
    expect(structuredClone(posted[0])).toStrictEqual(posted[0]);
    expect(JSON.parse(posted[0]?.nightJson ?? '')).toStrictEqual(computeNight(document));
  });

  it("answers a drag's move, sent with its origin, with the night computeNight makes of the move", async () => {
    const scope = globalThis as unknown as Scope;
    const posted: NightMessage[] = [];
    scope.postMessage = (message) => posted.push(message);
    await import('./nightWorker');
    const origin = PRESETS.find((preset) => preset.id === 's07-fencing-off')?.document as ScenarioDocument;
    const moves = ['02:04:00', '02:06:30'].map((at) => {
      const move = structuredClone(origin) as ScenarioDocument & { events: { at?: string }[] };
      const pause = move.events[0];
      if (pause) pause.at = at;
      return move;
    });
    moves.forEach((document, index) => {
      scope.onmessage?.({ data: { id: index + 1, document, origin } });
    });
    expect(posted.map((message) => message.id)).toEqual([1, 2]);
    // The first night goes whole, the second as what the first does not hold, read as the page reads it.
    expect(posted[0]?.shared).toBeUndefined();
    expect(posted[1]?.shared).toBeDefined();
    let read: KeptNight[] = [];
    moves.forEach((document, index) => {
      const message = posted[index] as NightMessage;
      const night = readNight(message, read);
      read = keepLast(read, { id: message.id, night });
      expect(night).toStrictEqual(computeNight(document));
    });
  });

  // The main thread reads the night back with JSON.parse: it must come back exactly (no
  // undefined-valued keys, no NaN or Infinity, no class instances, Maps or functions).
  // toStrictEqual checks prototypes and undefined keys too.
  it.each(PRESETS.map((preset) => [preset.id, preset.document as ScenarioDocument] as const))(
    "%s's night comes back from JSON unchanged",
    (_id, document) => {
      const night = computeNight(document);
      expect(night.kind).toBe('ok');
      expect(JSON.parse(JSON.stringify(night))).toStrictEqual(night);
    },
  );

  it('an invalid document and its errors come back unchanged too', () => {
    const night = computeNight({
      format: 'leaseline/scenario',
      version: 1,
      replicas: 'none',
    } as unknown as ScenarioDocument);
    expect(night.kind).toBe('invalid');
    expect(JSON.parse(JSON.stringify(night))).toStrictEqual(night);
  });
});
