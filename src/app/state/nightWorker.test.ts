import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { computeNight } from './night';
import type { NightRequest, NightResponse } from './nightScheduler';

/** The worker's global scope as the module sees it, stubbed: what it posts is collected. */
interface Scope {
  onmessage: ((event: { data: NightRequest }) => void) | null;
  postMessage?: (message: NightResponse) => void;
}

afterEach(() => {
  const scope = globalThis as unknown as Scope;
  scope.onmessage = null;
  delete scope.postMessage;
  vi.resetModules();
});

describe('the night worker', () => {
  it('answers a request with its id and the night computeNight makes', async () => {
    const scope = globalThis as unknown as Scope;
    const posted: NightResponse[] = [];
    scope.postMessage = (message) => posted.push(message);
    await import('./nightWorker');
    const document = PRESETS[0]?.document as ScenarioDocument;
    scope.onmessage?.({ data: { id: 7, document } });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.id).toBe(7);
    expect(posted[0]?.night).toEqual(computeNight(document));
  });

  // postMessage copies by structured clone: functions would throw, class instances would
  // arrive as plain objects, a Map as a Map. toStrictEqual checks prototypes and undefined keys.
  it.each(PRESETS.map((preset) => [preset.id, preset.document as ScenarioDocument] as const))(
    "%s's night crosses postMessage unchanged",
    (_id, document) => {
      const night = computeNight(document);
      expect(night.kind).toBe('ok');
      expect(structuredClone(night)).toStrictEqual(night);
    },
  );

  it('an invalid document and its errors cross unchanged too', () => {
    const night = computeNight({
      format: 'leaseline/scenario',
      version: 1,
      replicas: 'none',
    } as unknown as ScenarioDocument);
    expect(night.kind).toBe('invalid');
    expect(structuredClone(night)).toStrictEqual(night);
  });
});
