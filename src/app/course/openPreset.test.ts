import { describe, expect, it } from 'vitest';
import { findPreset } from '../../presets/catalogue';
import { createDocumentStore } from '../state/documentStore';
import { createUiStore } from '../state/uiStore';
import { openPreset } from './openPreset';

function stores() {
  return {
    documents: createDocumentStore({ format: 'leaseline/scenario', version: 1 }, 'custom'),
    ui: createUiStore(),
  };
}

describe('openPreset', () => {
  it('replaces the document as one undoable step and resets the view', () => {
    const s = stores();
    s.ui.getState().set({ selectedEventIndex: 2, playheadMs: 5 });
    expect(openPreset(s, 's08-check-then-write')).toBe(true);
    expect(s.documents.getState().source).toBe('s08-check-then-write');
    expect(s.documents.getState().document).toEqual(findPreset('s08-check-then-write')?.document);
    expect(s.ui.getState()).toMatchObject({ selectedEventIndex: null, playheadMs: null, viewport: null });
    s.documents.temporal.getState().undo();
    expect(s.documents.getState().source).toBe('custom');
  });

  it('leaves an open lesson tour, whose step no longer matches the document', () => {
    const s = stores();
    s.ui.getState().set({ lesson: { id: 'lesson4', stepIndex: 2 }, presenting: false });
    openPreset(s, 's21-full-fence');
    expect(s.ui.getState().lesson).toBeNull();
  });

  it('changes nothing for an unknown id', () => {
    const s = stores();
    expect(openPreset(s, 'no-such-preset')).toBe(false);
    expect(s.documents.getState().source).toBe('custom');
  });
});
