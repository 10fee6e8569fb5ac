import { describe, expect, it } from 'vitest';
import { findPreset } from '../../presets/catalogue';
import { createDocumentStore } from '../state/documentStore';
import { presetDocument } from '../state/initialDocument';
import { fencingSwitchEdits, switchFencing } from './switchFencing';

function page(presetId: string) {
  return { documents: createDocumentStore(presetDocument(presetId), presetId) };
}

const flip = (stores: ReturnType<typeof page>) =>
  switchFencing(stores, fencingSwitchEdits(stores.documents.getState().document.storage?.fencing));

describe('the Fencing switch', () => {
  it('on the unedited flagship opens its fenced twin, and back; each one undo step', () => {
    const stores = page('s07-fencing-off');
    flip(stores);
    expect(stores.documents.getState().source).toBe('s07-fencing-on');
    expect(stores.documents.getState().document).toBe(findPreset('s07-fencing-on')?.document);
    flip(stores);
    expect(stores.documents.getState().source).toBe('s07-fencing-off');
    stores.documents.temporal.getState().undo();
    expect(stores.documents.getState().source).toBe('s07-fencing-on');
    stores.documents.temporal.getState().undo();
    expect(stores.documents.getState().source).toBe('s07-fencing-off');
    expect(stores.documents.getState().document).toBe(findPreset('s07-fencing-off')?.document);
  });

  it('edits a preset that has no twin: the source stays, fencing is on', () => {
    const stores = page('s03-holder-crashes');
    flip(stores);
    expect(stores.documents.getState().source).toBe('s03-holder-crashes');
    expect(stores.documents.getState().document.storage?.fencing).toBe('job');
  });

  it('edits a twin that was already changed: the edited night is no longer the story of either', () => {
    const stores = page('s07-fencing-off');
    const pause = stores.documents.getState().document.events?.[0];
    if (pause === undefined) throw new Error('the flagship has its pause');
    stores.documents.getState().commit([{ kind: 'setEvent', index: 0, event: { ...pause, at: '02:02:00' } }]);
    flip(stores);
    const { document, source } = stores.documents.getState();
    expect(source).toBe('s07-fencing-off');
    expect(document.storage?.fencing).toBe('job');
    expect(document.title).toBe(findPreset('s07-fencing-off')?.title);
  });

  it('turns per-row fencing off by an edit', () => {
    const stores = page('s21a-per-row-fencing');
    expect(stores.documents.getState().document.storage?.fencing).toBe('row');
    flip(stores);
    expect(stores.documents.getState().document.storage?.fencing).toBe('off');
  });
});
