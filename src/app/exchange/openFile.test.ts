import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedScenarioInPng } from '../../model/pngScenario';
import { serializeScenario } from '../../model/serializeScenario';
import { tinyPng } from '../../model/tinyPng.testing';
import { i18n } from '../i18n';
import { createDocumentStore } from '../state/documentStore';
import { presetDocument } from '../state/initialDocument';
import { createUiStore } from '../state/uiStore';
import { createAutosave } from './autosave';
import { AUTOSAVE_KEY } from './autosaveRecord';
import { OPEN_FILE_BYTES_MAX, openFile } from './openFile';

const flagship = presetDocument('s07-fencing-off');
const pause = (index: number) => ({
  type: 'pause' as const,
  replica: 'A',
  at: '02:01:00',
  for: '1s',
  label: `p${index}`,
});

/** Files a student might send by mistake, or someone might send on purpose. */
const BAD_FILES: readonly [string, BlobPart, RegExp][] = [
  ['cut.json', serializeScenario(flagship).slice(0, 300), /cut\.json cannot be opened\. Not valid JSON: line \d+/],
  ['garbled.json', '\u0000\u00ff{{{', /garbled\.json cannot be opened/],
  ['newer.json', '{"format": "leaseline/scenario", "version": 9}', /newer\.json cannot be opened\. At version: .*9/],
  [
    'many.json',
    JSON.stringify({
      format: 'leaseline/scenario',
      version: 1,
      events: Array.from({ length: 10_000 }, (_, i) => pause(i)),
    }),
    /many\.json cannot be opened\. At events: .*500/,
  ],
  [
    'photo.png',
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).buffer,
    /photo\.png cannot be opened\. It is a JPEG image/,
  ],
  ['plain.png', tinyPng().slice().buffer, /plain\.png cannot be opened\. The PNG holds no Leaseline scenario/],
  [
    'bad-inside.png',
    embedScenarioInPng(
      tinyPng(),
      '{"format": "leaseline/scenario", "version": 1, "events": [{"type": "pause"}]}',
    ).slice().buffer,
    /bad-inside\.png cannot be opened\. At events\[0\]/,
  ],
  ['huge.json', new Uint8Array(OPEN_FILE_BYTES_MAX + 1).buffer, /huge\.json cannot be opened\. The file is 8\.0 MiB/],
];

function setUp() {
  const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
  stores.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  const autosave = createAutosave({ stores, storage, tabId: 'me', baseRevision: 0 });
  autosave.flush();
  return { stores, items, autosave };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('opening a bad file', () => {
  it.each(BAD_FILES)(
    '%s: says what is wrong, and changes nothing (scenario, undo history, autosave)',
    async (name, data, message) => {
      const { stores, items } = setUp();
      const document = stores.documents.getState().document;
      const history = stores.documents.temporal.getState().pastStates;
      const saved = items.get(AUTOSAVE_KEY);
      const opened = await openFile(new File([data], name), stores, i18n.t);
      expect(opened).toBe(false);
      const notice = stores.ui.getState().notice;
      expect(notice?.kind).toBe('error');
      expect(notice?.text).toMatch(/^Nothing changed: /);
      expect(notice?.text).toMatch(message);
      expect(stores.documents.getState().document).toBe(document);
      expect(stores.documents.temporal.getState().pastStates).toBe(history);
      vi.advanceTimersByTime(5_000);
      expect(items.get(AUTOSAVE_KEY)).toBe(saved);
    },
  );
});

describe('opening a good file', () => {
  it('a hand-in PNG opens as one undoable step, labels and explanation exactly as written', async () => {
    const { stores } = setUp();
    const before = stores.documents.getState().document;
    const handIn = { ...flagship, explanation: '<b>bold?</b> \u202E', events: [pause(0)] };
    const png = embedScenarioInPng(tinyPng(), serializeScenario(handIn));
    expect(await openFile(new File([png.slice().buffer], 'hand-in.png'), stores, i18n.t)).toBe(true);
    expect(stores.documents.getState()).toMatchObject({ document: handIn, source: 'hand-in.png' });
    expect(stores.ui.getState().notice).toEqual({ kind: 'info', text: 'Opened hand-in.png.' });
    stores.documents.temporal.getState().undo();
    expect(stores.documents.getState().document).toBe(before);
  });
});

describe('opening a file with keys that are not fields', () => {
  it('opens it, and the notice points to the warnings beside the verdict', async () => {
    const { stores } = setUp();
    const misspelt = { ...flagship, lock: { kind: 'shedlock' as const, lockAtMostFr: '5m' } };
    expect(await openFile(new File([serializeScenario(misspelt)], 'typo.json'), stores, i18n.t)).toBe(true);
    expect(stores.documents.getState().document).toEqual(misspelt);
    expect(stores.ui.getState().notice).toEqual({
      kind: 'info',
      text: 'Opened typo.json. It has keys that are not fields of the scenario format: see beside the verdict.',
    });
  });

  it('refuses a file the misspelling breaks, and names the key meant beside the error', async () => {
    const { stores } = setUp();
    const broken = { ...flagship, events: [{ type: 'pause', replica: 'A', at: '02:01:30', fr: '6m' }] };
    expect(await openFile(new File([JSON.stringify(broken)], 'typo.json'), stores, i18n.t)).toBe(false);
    expect(stores.ui.getState().notice?.text).toBe(
      'Nothing changed: typo.json cannot be opened. At events[0].for: Required, but missing. ' +
        'Note: events[0].fr is not a field of a pause event; did you mean for?',
    );
  });
});
