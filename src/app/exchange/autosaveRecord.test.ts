import { describe, expect, it } from 'vitest';
import { presetDocument } from '../state/initialDocument';
import { type AutosaveRecord, decodeRecord, encodeRecord } from './autosaveRecord';

const flagship = presetDocument('s07-fencing-off');
const saved: AutosaveRecord = {
  tabId: 'tab-1',
  revision: 3,
  savedAtMs: 1_764_400_000_000,
  source: 's07-fencing-off',
  document: { ...flagship, explanation: 'A pauses <b>while</b> holding the lease \u202Egnp.exe' },
  view: { viewport: { fromMs: 7_260_000, toMs: 7_500_000 }, playheadMs: 7_300_000, selectedEventIndex: 0 },
};

describe('autosave records', () => {
  it('come back exactly as saved: document (explanation included), source and view', () => {
    expect(decodeRecord(encodeRecord(saved))).toEqual(saved);
  });

  it('are refused whole when missing, not JSON, of another format or version, or with a bad header', () => {
    const text = encodeRecord(saved);
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(decodeRecord(null)).toBeNull();
    expect(decodeRecord('')).toBeNull();
    expect(decodeRecord(text.slice(0, -5))).toBeNull();
    expect(decodeRecord(JSON.stringify({ ...value, format: 'something/else' }))).toBeNull();
    expect(decodeRecord(JSON.stringify({ ...value, version: 2 }))).toBeNull();
    expect(decodeRecord(JSON.stringify({ ...value, revision: -1 }))).toBeNull();
    expect(decodeRecord(JSON.stringify({ ...value, tabId: 7 }))).toBeNull();
  });

  it('are refused when the document is not a valid scenario (never half-restored)', () => {
    const value = JSON.parse(encodeRecord(saved)) as Record<string, unknown>;
    const document = { ...flagship, version: 99 };
    expect(decodeRecord(JSON.stringify({ ...value, document }))).toBeNull();
    expect(
      decodeRecord(JSON.stringify({ ...value, document: { format: 'leaseline/scenario', version: 1, events: 'x' } })),
    ).toBeNull();
  });

  it('drop a damaged view field by field and keep the rest', () => {
    const value = JSON.parse(encodeRecord(saved)) as Record<string, unknown>;
    const view = { viewport: { fromMs: 9, toMs: 3 }, playheadMs: 'soon', selectedEventIndex: 0 };
    expect(decodeRecord(JSON.stringify({ ...value, view }))?.view).toEqual({
      viewport: null,
      playheadMs: null,
      selectedEventIndex: 0,
    });
    expect(decodeRecord(JSON.stringify({ ...value, view: null }))?.view).toEqual({
      viewport: null,
      playheadMs: null,
      selectedEventIndex: null,
    });
  });
});
