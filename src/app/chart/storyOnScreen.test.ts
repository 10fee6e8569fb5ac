import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { PRESETS } from '../../presets/catalogue';
import { fencedTwinOf } from '../../presets/fencedTwins';
import type { KeyMoment } from '../../sim/readings/keyMoments';
import { keyboardEdits } from '../../timeline/keyboardEdits';
import { storyMoments } from '../../timeline/keyMomentStory';
import { keyMomentSentence } from '../../timeline/keyMomentText';
import { VERIFY_BOUNDS_DEFAULT } from '../../verify/verifyBounds';
import { verifyDesign } from '../../verify/verifyDesign';
import { describeTimeline, i18n, loadLanguage } from '../i18n';
import { fencingSwitchEdits, switchFencing } from '../playground/switchFencing';
import { rememberFoundNight } from '../search/foundNightsAsOpened';
import { createDocumentStore } from '../state/documentStore';
import { presetDocument } from '../state/initialDocument';
import { nightOf } from '../state/night';
import { verdictData } from '../verdictData';
import { VERIFIED_NIGHT_SOURCE } from '../verify/verifyState';
import { storyOnScreen } from './storyOnScreen';

type Page = { documents: ReturnType<typeof createDocumentStore> };

function page(presetId: string): Page {
  return { documents: createDocumentStore(presetDocument(presetId), presetId) };
}

function onScreen({ documents }: Page) {
  const { document, source } = documents.getState();
  const night = nightOf(document);
  if (night.kind !== 'ok') throw new Error(`${source}: ${night.kind}`);
  return { night, story: storyOnScreen(i18n.t, document, source, night, i18n.language), source };
}

const told = (moments: readonly KeyMoment[], outcome: string) =>
  moments.some((moment) => moment.kind === 'write' && moment.outcome === outcome);

/** A story read off the chart says what the verdict says: applied again, stale accepted, rejected. */
function expectAgreement({ night, story, source }: ReturnType<typeof onScreen>) {
  expect(story?.told, source).toBe('readOffChart');
  const verdict = verdictData(night.trace, night.scenario.job.kind);
  const { told: moments } = storyMoments(night.keyMoments);
  expect(told(moments, 'appliedAgain'), source).toBe(verdict.kind === 'doubleApplied');
  if (verdict.kind === 'staleAccepted') expect(told(moments, 'staleAccepted'), source).toBe(true);
  if (verdict.kind === 'safe') {
    expect(told(moments, 'staleAccepted'), source).toBe(false);
    expect(told(moments, 'stale'), source).toBe(verdict.rejected !== null);
  }
  // And the words are there: each moment told is in the story's text, in the chart's words.
  const text = story?.paragraphs.join('\n') ?? '';
  for (const moment of moments) expect(text, source).toContain(keyMomentSentence(moment, describeTimeline));
}

const flip = (stores: Page) =>
  switchFencing(stores, fencingSwitchEdits(stores.documents.getState().document.storage?.fencing));

describe('the story on screen', () => {
  it.each(PRESETS.map((preset) => preset.id))('%s: written while untouched; switched, the twin or the chart', (id) => {
    const stores = page(id);
    const before = onScreen(stores);
    if (before.story !== null) {
      expect(before.story.told).toBe('written');
      expect(before.story.note).toBeNull();
      // A written story that says "applied twice" belongs to a night on which something is.
      if (/\bapplied twice\b/.test(before.story.paragraphs.join(' ')))
        expect(verdictData(before.night.trace, before.night.scenario.job.kind).kind).not.toBe('safe');
    }
    flip(stores);
    const after = onScreen(stores);
    const twin = fencedTwinOf(id);
    if (twin !== undefined) {
      expect(after.source).toBe(twin);
      expect(after.story?.told).toBe('written');
      expect(after.story?.title).toBe(PRESETS.find((preset) => preset.id === twin)?.title);
    } else expectAgreement(after);
  });

  it.each(PRESETS.filter((preset) => (presetDocument(preset.id).events ?? []).length > 0).map((preset) => preset.id))(
    '%s: its first event moved 100 s by keyboard (Page Up), the story is the chart’s',
    (id) => {
      const stores = page(id);
      const first = stores.documents.getState().document.events?.[0];
      if (first === undefined) throw new Error('filtered on events');
      const edits = keyboardEdits(first, 0, { key: 'PageUp', shiftKey: false, altKey: false }, 10_000);
      expect(edits?.length).toBe(1);
      stores.documents.getState().commit(edits ?? []);
      const moved = onScreen(stores);
      expectAgreement(moved);
      // Switched on an edited twin, the switch edits, and the story is still the chart's.
      flip(stores);
      expect(onScreen(stores).source).toBe(id);
      expectAgreement(onScreen(stores));
    },
  );

  it('tells the flagship switched on after a drag as the chart does: rejected, and nothing applied twice', () => {
    const stores = page('s07-fencing-off');
    const pause = stores.documents.getState().document.events?.[0];
    if (pause === undefined) throw new Error('the flagship has its pause');
    stores.documents.getState().commit([{ kind: 'setEvent', index: 0, event: { ...pause, at: '02:01:40' } }]);
    flip(stores);
    const { story } = onScreen(stores);
    // Fencing is on now: the title names the fenced night it has become, never "(fencing off)".
    expect(story?.title).toBe('Paused holder: token 7 against token 8 (fencing on), edited');
    expect(story?.note).toMatch(/^You have changed this night since it opened/);
    const text = story?.paragraphs.join(' ') ?? '';
    expect(text).toContain('B takes over with token 8');
    expect(text).toMatch(/#1003: token 7 < 8, rejected as stale\./);
    expect(text).not.toContain('twice');
  });

  it("keeps the preset's title for an edit that leaves its fencing as it was", () => {
    const stores = page('s07-fencing-off');
    const pause = stores.documents.getState().document.events?.[0];
    if (pause === undefined) throw new Error('the flagship has its pause');
    stores.documents.getState().commit([{ kind: 'setEvent', index: 0, event: { ...pause, at: '02:01:40' } }]);
    expect(onScreen(stores).story?.title).toBe('Paused holder: token 7 against token 8 (fencing off), edited');
  });
});

describe("a found night's story", () => {
  const smallest = verifyDesign(presetDocument('s07-fencing-off'), {
    ...VERIFY_BOUNDS_DEFAULT,
    maxFaults: 1,
    gridMs: 120_000,
    fresh: true,
    countAll: false,
  }).scenario as ScenarioDocument;
  /** The smallest failing night as Check every night opens it, remembered as opened or not. */
  const opened = (remembered: boolean): Page => {
    // A restored night is read back from text: another object with the same content.
    const documents = createDocumentStore(remembered ? smallest : structuredClone(smallest), VERIFIED_NIGHT_SOURCE);
    if (remembered) rememberFoundNight(documents.getState().document);
    return { documents };
  };

  it('is the one its tool wrote while the night is as the tool opened it, in English', () => {
    const { story } = onScreen(opened(true));
    expect(story?.told).toBe('written');
    expect(story?.title).toBe(smallest.title);
    expect(story?.paragraphs.join('\n')).toContain('applied twice');
  });

  it('is told from the chart once the night is edited: fenced, it never says "applied twice" beside "Safe"', () => {
    const stores = opened(true);
    flip(stores);
    const after = onScreen(stores);
    expect(verdictData(after.night.trace, after.night.scenario.job.kind).kind).toBe('safe');
    expect(after.story?.note).toBe(i18n.t('chart.story.foundFromChart'));
    expect(after.story?.title).toBe(i18n.t('toolbar.verifiedNight'));
    expect(after.story?.paragraphs.join(' ')).not.toMatch(/applied twice/);
    expectAgreement(after);
    // Undo brings the night as opened back, and its written story with it.
    stores.documents.temporal.getState().undo();
    expect(onScreen(stores).story?.told).toBe('written');
  });

  it('is told from the chart when the night was not opened here (restored from the autosave)', () => {
    const shown = onScreen(opened(false));
    expect(shown.story?.note).toBe(i18n.t('chart.story.foundFromChart'));
    expectAgreement(shown);
  });

  it('is told in Arabic from the chart in the Arabic app, the night as opened included', async () => {
    await loadLanguage('ar');
    await i18n.changeLanguage('ar');
    try {
      const shown = onScreen(opened(true));
      expect(shown.story?.title).toBe('الليلة التي وجدها «افحص كل ليلة»');
      expect(shown.story?.note).toBe('وجدت أداةٌ هذه الليلة؛ القصة أدناه مرويّة من المخطط كما هو الآن.');
      expect(shown.story?.translated).toBe(true);
      expectAgreement(shown);
      expect(shown.story?.paragraphs.join(' ')).not.toMatch(/[A-Za-z]{4,}/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
