import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { largeUiNightDocument } from '../../../scripts/largeUiNight';
import type { EventDocument, ScenarioDocument } from '../../model/scenarioSchema';
import { createDocumentStore } from '../state/documentStore';
import { fitsFrame } from '../state/frameFit';
import { hasNight, nightOf } from '../state/night';
import { createUiStore } from '../state/uiStore';
import { createDragPreview } from './dragPreview';
import { createGestureWords } from './gestureWords';

/** The benchmark's 9-replica, 200-event night: too big for a frame, so its previews go through the scheduler. */
const bigNight = () => largeUiNightDocument() as unknown as ScenarioDocument;

const moved = (document: ScenarioDocument, seconds: number) => [
  { kind: 'setEvent' as const, index: 0, event: { ...(document.events?.[0] as EventDocument), for: `${seconds}s` } },
];

let close: (() => void) | null = null;
afterEach(() => close?.());

describe('a drag of a night too big for a frame', () => {
  it('keeps the origin and the newest preview cached, and forgets each preview a newer one replaced', () => {
    const origin = bigNight();
    const night = nightOf(origin);
    expect(fitsFrame(night)).toBe(false);
    const stores = { documents: createDocumentStore(origin, 'drag-test'), ui: createUiStore() };
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const preview = createDragPreview(
      svg,
      stores,
      createGestureWords((key) => key),
    );
    close = preview.close;

    preview.onEdits([], 'start');
    const shown: ScenarioDocument[] = [];
    for (const seconds of [25, 30, 35]) {
      preview.onEdits(moved(origin, seconds), 'drag');
      // Without a Worker here, the scheduler simulates each move at once and shows it.
      const now = stores.ui.getState().dragShown;
      expect(now).not.toBeNull();
      expect(now?.events?.[0]).toMatchObject({ for: `${seconds}s` });
      shown.push(now as ScenarioDocument);
    }
    expect(hasNight(origin)).toBe(true);
    expect(shown.slice(0, 2).map(hasNight)).toEqual([false, false]);
    expect(hasNight(shown[2] as ScenarioDocument)).toBe(true);

    // Released where the last move was: the committed document is that preview, its night reused.
    preview.onEdits(moved(origin, 35), 'end');
    expect(stores.documents.getState().document).toBe(shown[2]);
    expect(hasNight(stores.documents.getState().document)).toBe(true);
  });
});
