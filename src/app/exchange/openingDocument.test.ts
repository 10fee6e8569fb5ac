import { beforeAll, describe, expect, it } from 'vitest';
import { shareFragment } from '../../model/shareLink';
import { EXERCISE_SOURCE } from '../exercise/ex03Night';
import { FLAGSHIP_PRESET_ID, presetDocument } from '../state/initialDocument';
import { loadShareLinkCodec } from '../state/shareLinkCodec';
import type { AutosaveRecord } from './autosaveRecord';
import { openingDocument } from './openingDocument';

const work = { ...presetDocument('s04-atmost-too-short'), explanation: 'my answer' };
const saved: AutosaveRecord = {
  tabId: 'old-tab',
  revision: 12,
  savedAtMs: 1_764_400_000_000,
  source: 'work.json',
  document: work,
  view: { viewport: null, playheadMs: 7_300_000, selectedEventIndex: null },
};
const linked = presetDocument('s07-fencing-on');

describe('what a page load opens', () => {
  // The page loads the codec before it reads a link in the address (main.tsx).
  beforeAll(async () => {
    await loadShareLinkCodec();
  });

  it('the autosaved work with its view, when the address holds no link', () => {
    const opening = openingDocument('', saved);
    expect(opening.opened).toEqual({ document: work, source: 'work.json' });
    expect(opening).toMatchObject({ earlier: null, view: saved.view, notice: null, baseRevision: 12 });
  });

  it('the flagship, when nothing was saved', () => {
    const opening = openingDocument('', null);
    expect(opening.opened.source).toBe(FLAGSHIP_PRESET_ID);
    expect(opening).toMatchObject({ earlier: null, view: null, notice: null, baseRevision: 0 });
  });

  it('a share link wins, with the autosaved work one Undo below it and a notice saying so', () => {
    const opening = openingDocument(shareFragment(linked), saved);
    expect(opening.opened).toEqual({ document: linked, source: 'link' });
    expect(opening.earlier).toEqual({ document: work, source: 'work.json' });
    expect(opening.notice).toEqual({ kind: 'openedOverSaved', savedAtMs: saved.savedAtMs });
  });

  it('a link to the autosaved scenario itself (a reload) opens it with its view and no notice', () => {
    const opening = openingDocument(shareFragment(work), saved);
    expect(opening.opened.document).toEqual(work);
    expect(opening).toMatchObject({ earlier: null, view: saved.view, notice: null });
  });

  it('a tab reloading an address it wrote itself gets its autosave, which may be a few keys ahead', () => {
    const behind = { ...work, explanation: 'my ans' };
    const opening = openingDocument(shareFragment(behind), saved, true);
    expect(opening.opened).toEqual({ document: work, source: 'work.json' });
    expect(opening).toMatchObject({ earlier: null, view: saved.view, notice: null, baseRevision: 12 });
    // The same address pasted by someone else (not this tab's own) still wins over the saved work.
    expect(openingDocument(shareFragment(behind), saved, false).opened.document).toEqual(behind);
  });

  it('a broken link changes nothing: the autosaved work is shown and the notice says why', () => {
    const opening = openingDocument('#s=1.AAAA', saved);
    expect(opening.opened.document).toBe(work);
    expect(opening.earlier).toBeNull();
    expect(opening.notice).toMatchObject({
      kind: 'linkBrokenShowingSaved',
      reason: { path: '$', message: expect.stringMatching(/link/), detail: { code: 'linkCannotOpen' } },
    });
    expect(openingDocument('#s=1.AAAA', null).notice?.kind).toBe('linkBrokenShowingFlagship');
  });

  it('#exercise=ex03 opens a fresh exercise night over the autosaved work', () => {
    const opening = openingDocument('#exercise=ex03', saved);
    expect(opening.opened.source).toBe(EXERCISE_SOURCE);
    expect(opening.opened.document).toMatchObject({ exercise: 'ex03', events: [], storage: { fencing: 'off' } });
    expect(opening.earlier?.document).toBe(work);
    expect(openingDocument('#exercise=ex03', null).earlier).toBeNull();
  });
});
