import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { VerifyBounds } from '../../verify/verifyBounds';
import { createDocumentStore } from '../state/documentStore';
import { type Stores, StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { CheckEveryNightPanel } from './CheckEveryNightPanel';
import type { VerifyReply, VerifyRequest } from './verifyProtocol';
import { verifyResult } from './verifyResult.testing';
import { startVerify } from './verifyRunner';

/** A stand-in for the worker: the test plays its replies. */
class FakeWorker {
  onmessage: ((event: MessageEvent<VerifyReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  requests: VerifyRequest[] = [];
  terminated = false;
  postMessage(request: VerifyRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(reply: VerifyReply) {
    act(() => this.onmessage?.({ data: reply } as MessageEvent<VerifyReply>));
  }
}

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;
const COURSE_BOUNDS = {
  faults: ['pause', 'crash'],
  maxFaults: 2,
  gridMs: 120_000,
  durationsMs: [60_000, 300_000],
  invariants: ['I3', 'I4'],
  fresh: true,
} as const;
const smallestNight: ScenarioDocument = {
  ...flagship,
  title: 'The smallest failing night',
  explanation: 'typed into the checked document',
  events: [{ id: 'found1', type: 'pause', replica: 'A', at: '02:02:00', for: '5m', label: 'found by verify' }],
};

function mount(bounds: VerifyBounds = COURSE_BOUNDS): { stores: Stores; worker: FakeWorker } {
  const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
  render(
    <StoresProvider stores={stores}>
      <CheckEveryNightPanel />
    </StoresProvider>,
  );
  const worker = new FakeWorker();
  act(() => startVerify(stores, flagship, bounds, null, () => worker as unknown as Worker));
  return { stores, worker };
}

afterEach(cleanup);

describe('Check every night', () => {
  it('opens a form with verify defaults and checks the bounds chosen', () => {
    const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
    render(
      <StoresProvider stores={stores}>
        <CheckEveryNightPanel />
      </StoresProvider>,
    );
    act(() => stores.ui.getState().set({ checkEveryNight: { status: 'form', bounds: null } }));
    // The flagship's kinds: pauses, pauses before a write, crashes... and the defaults ticked.
    expect((screen.getByRole('checkbox', { name: 'pauses' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'crashes' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'clock jumps' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Redis failovers' })).toBeNull();
    const maxFaults = screen.getByRole('combobox', {
      name: 'At most this many faults in one night',
    }) as HTMLSelectElement;
    expect(maxFaults.value).toBe('2');
    const grid = screen.getByRole('combobox', { name: 'A fault may start every' }) as HTMLSelectElement;
    expect(grid.value).toBe('10000');
    expect((screen.getByRole('checkbox', { name: '30 s' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('checkbox', { name: '10 min' }) as HTMLInputElement).checked).toBe(true);
    // The defaults cover about two million nights: a check of that many can take minutes.
    expect(
      screen.getByText(/^Up to [\d,]+ nights within these bounds\. That can take minutes on one core, depending/),
    ).toBeTruthy();
    fireEvent.change(grid, { target: { value: '300000' } });
    expect(screen.getByText(/^Up to [\d,]+ nights within these bounds\.$/)).toBeTruthy();
    expect(screen.queryByText(/can take minutes/)).toBeNull();
    // Nothing to check without a length: Check says why and does nothing.
    for (const name of ['10 s', '1 min', '5 min', '10 min']) fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Choose at least one length.')).toBeTruthy();
    expect(stores.ui.getState().checkEveryNight.status).toBe('form');
  });

  it('shows nights checked out of the nights within the bounds on a named progress bar', () => {
    const { worker } = mount();
    expect(worker.requests).toEqual([{ document: flagship, options: { ...COURSE_BOUNDS, countAll: false } }]);
    // N from the start, counted on the page: 1 + 90 + 90·89/2 sets of the 90 faults.
    expect(screen.getByRole('progressbar', { name: 'Nights checked' }).getAttribute('aria-valuetext')).toBe(
      '0 of 4,096 nights checked',
    );
    worker.reply({ kind: 'progress', progress: { nightsChecked: 2000, nightsTotal: 4096 } });
    const bar = screen.getByRole('progressbar', { name: 'Nights checked' });
    expect(bar.getAttribute('aria-valuetext')).toBe('2,000 of 4,096 nights checked');
    expect(screen.getByText('2,000 of 4,096 nights checked')).toBeTruthy();
  });

  it('Cancel terminates the worker and says nothing changed', () => {
    const { stores, worker } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Check cancelled. Nothing changed.');
    expect(stores.documents.getState().document).toBe(flagship);
  });

  it('says Safe with the bounds and the count of nights', () => {
    const { worker } = mount();
    worker.reply({ kind: 'done', checked: { result: verifyResult({}), violations: [], addedEventIndices: [] } });
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      "Safe within these bounds: every night with up to 2 faults (pauses or crashes of 1 min or 5 min, starting every 2 min), the file's own events left out, all 4,096 of them. No order applied twice, no stale token accepted.",
    );
    expect(screen.queryByRole('button', { name: 'Open the smallest failing night' })).toBeNull();
  });

  it('says Unsafe, and Open is one undo step whose rings go with Undo', () => {
    const { stores, worker } = mount();
    const result = verifyResult({
      verdict: 'unsafe',
      nightsCovered: 91,
      nightsByFaultCount: [1, 90],
      failingNights: 1,
      failingByFaultCount: [0, 1],
      exhaustive: false,
      scenario: smallestNight,
      smallestFaultCount: 1,
    });
    worker.reply({ kind: 'done', checked: { result, violations: ['I3'], addedEventIndices: [0] } });
    expect(screen.getByRole('status').textContent).toBe(
      "Unsafe: a night with one fault breaks it: an order is applied more than once. It is the only failing night with as many faults, and none with fewer breaks (91 nights checked, with up to 2 faults (pauses or crashes of 1 min or 5 min, starting every 2 min), the file's own events left out).",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open the smallest failing night' }));
    const opened = stores.documents.getState().document;
    expect(opened.events).toEqual(smallestNight.events);
    expect(opened.explanation).toBeUndefined();
    expect(stores.documents.getState().source).toBe('verify');
    expect(stores.ui.getState().highlight).toEqual({ eventIndices: [0] });
    // The panel is put away, keeping its bounds for the next form.
    expect(stores.ui.getState().checkEveryNight).toEqual({ status: 'idle', bounds: COURSE_BOUNDS });
    expect(stores.ui.getState().notice?.text).toMatch(/^The smallest failing night is open/);
    act(() => stores.documents.temporal.getState().undo());
    expect(stores.documents.getState().document).toBe(flagship);
    expect(stores.ui.getState().highlight).toBeNull();
  });

  it("offers no night to open when the file's own night breaks with its events kept: it is the night on screen", () => {
    for (const fresh of [false, true]) {
      const { worker } = mount({ ...COURSE_BOUNDS, fresh });
      const result = verifyResult({
        verdict: 'unsafe',
        nightsCovered: 1,
        nightsByFaultCount: [1],
        failingNights: 1,
        failingByFaultCount: [1],
        exhaustive: false,
        scenario: fresh ? { ...flagship, events: [] } : flagship,
        smallestFaultCount: 0,
      });
      worker.reply({ kind: 'done', checked: { result, violations: ['I3'], addedEventIndices: [] } });
      // Left out, the file's events leave another night, which breaks by itself: that one opens.
      expect(screen.queryAllByRole('button', { name: 'Open the smallest failing night' })).toHaveLength(fresh ? 1 : 0);
      expect(screen.getByRole('button', { name: 'Change the bounds' })).toBeTruthy();
      cleanup();
    }
  });

  it('stops when the night on screen takes another design, and says why', () => {
    const { stores, worker } = mount();
    const fenced = findPreset('s07-fencing-on')?.document as ScenarioDocument;
    act(() => stores.documents.getState().replace(fenced, 's07-fencing-on'));
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/^Check stopped: the night on screen is now another one/);
    // A late reply from the stopped worker changes nothing.
    worker.reply({ kind: 'done', checked: { result: verifyResult({}), violations: [], addedEventIndices: [] } });
    expect(screen.getByRole('status').textContent).toMatch(/^Check stopped/);
  });
});
