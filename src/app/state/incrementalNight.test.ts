import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { nightFromOrigin } from './incrementalNight';
import { computeNight } from './night';

type EventDocument = { at?: string };

/** The preset with its `index`-th event moved to `at`. */
function moved(document: ScenarioDocument, index: number, at: string): ScenarioDocument {
  const copy = structuredClone(document) as ScenarioDocument & { events?: EventDocument[] };
  const event = copy.events?.[index];
  if (!event) throw new Error('no such event');
  event.at = at;
  return copy;
}

describe('a drag move re-simulated from its origin', () => {
  const origin = findPreset('s07-fencing-off')?.document as ScenarioDocument;

  it('is the night computeNight makes of the moved document, move after move', () => {
    for (const at of ['02:05:20', '02:06:00', '02:04:40', '02:01:00']) {
      const document = moved(origin, 0, at);
      expect(nightFromOrigin(origin, document)).toStrictEqual(computeNight(document));
    }
  });

  it('is the same night when the origin cannot be simulated (an invalid origin)', () => {
    const broken = { ...origin, replicas: [] } as unknown as ScenarioDocument;
    const document = moved(origin, 0, '02:05:30');
    expect(nightFromOrigin(broken, document)).toStrictEqual(computeNight(document));
  });
});
