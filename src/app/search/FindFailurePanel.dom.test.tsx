import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import type { SearchResult } from '../../search/findFailure';
import { createDocumentStore } from '../state/documentStore';
import { type Stores, StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { FindFailurePanel } from './FindFailurePanel';
import type { SearchReply, SearchRequest } from './searchProtocol';
import { startSearch } from './searchRunner';

/** A stand-in for the search worker: the test plays its replies. */
class FakeWorker {
  onmessage: ((event: MessageEvent<SearchReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  requests: SearchRequest[] = [];
  terminated = false;
  postMessage(request: SearchRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  reply(reply: SearchReply) {
    act(() => this.onmessage?.({ data: reply } as MessageEvent<SearchReply>));
  }
}

const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;
const foundNight: ScenarioDocument = {
  ...flagship,
  title: 'A 1-event night that breaks the design',
  explanation: 'typed into the searched document',
  events: [{ id: 'found1', type: 'pause', replica: 'A', at: '02:00:10', for: '2m21s' }],
};

/** What the page reads of a found result (the search may tell more). */
function foundResult(schedulesTried: number): SearchResult {
  return {
    found: true,
    seed: 1,
    schedulesTried,
    shrinkSteps: 3,
    scenario: foundNight,
    addedEventIndices: [0],
    violations: ['I3'],
  } as unknown as SearchResult;
}

function mount(): { stores: Stores; worker: FakeWorker } {
  const stores = { documents: createDocumentStore(flagship, 's07-fencing-off'), ui: createUiStore() };
  render(
    <StoresProvider stores={stores}>
      <FindFailurePanel />
    </StoresProvider>,
  );
  const worker = new FakeWorker();
  act(() => startSearch(stores, flagship, null, () => worker as unknown as Worker));
  return { stores, worker };
}

afterEach(cleanup);

describe('Find a failure', () => {
  it('asks the worker for the design (fresh, 5,000 nights, seed 1) and shows its progress', () => {
    const { worker } = mount();
    expect(worker.requests).toEqual([{ document: flagship, options: { budget: 5000, seed: 1, fresh: true } }]);
    worker.reply({ kind: 'progress', progress: { tried: 1200, budget: 5000, phase: 'search', bestEventCount: null } });
    const bar = screen.getByRole('progressbar', { name: 'Nights tried' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1200');
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 of 5,000 nights tried · searching · nothing breaks yet');
  });

  it('Cancel terminates the worker and says nothing changed', () => {
    const { stores, worker } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Search cancelled. Nothing changed.');
    expect(stores.documents.getState().document).toBe(flagship);
  });

  it('says what found night breaks, and Open is one undo step whose rings go with Undo', () => {
    const { stores, worker } = mount();
    worker.reply({ kind: 'done', result: foundResult(927) });
    expect(worker.terminated).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      'A 1-event night breaks this design: an order is applied more than once (found after 927 nights, seed 1).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open the night found' }));
    const opened = stores.documents.getState().document;
    expect(opened.events).toEqual(foundNight.events);
    // The searched document's hand-in fields are not the found night's.
    expect(opened.explanation).toBeUndefined();
    expect(stores.ui.getState().highlight).toEqual({ eventIndices: [0] });
    expect(stores.ui.getState().notice?.text).toMatch(/^The night found is open/);
    act(() => stores.documents.temporal.getState().undo());
    expect(stores.documents.getState().document).toBe(flagship);
    expect(stores.ui.getState().highlight).toBeNull();
  });

  it('says so plainly when the design breaks with no event at all (s01: no lock)', () => {
    const { stores, worker } = mount();
    const eventless = { ...foundNight, events: [] };
    worker.reply({
      kind: 'done',
      result: {
        ...foundResult(1),
        scenario: eventless,
        addedEventIndices: [],
        fileAlreadyBreaks: true,
      } as SearchResult,
    });
    expect(screen.getByRole('status').textContent).toBe(
      'This design breaks in a night with no event at all: an order is applied more than once (the first night tried, seed 1).',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open the night found' }));
    expect(stores.documents.getState().document.events).toEqual([]);
    expect(stores.ui.getState().notice?.text).toBe(
      'The night found is open: it has no event, the design alone breaks. Undo brings back the night you had.',
    );
  });

  it('names the faults searched when nothing breaks', () => {
    const { worker } = mount();
    worker.reply({
      kind: 'done',
      result: { found: false, seed: 1, schedulesTried: 5000, faults: ['pause', 'crash', 'clockJump', 'partition'] },
    });
    expect(screen.getByRole('status').textContent).toBe(
      'No failure in 5,000 nights of pauses, crashes, clock jumps and partitions (seed 1).',
    );
  });

  it('stops a running search when the night on screen takes another design, and says why', () => {
    const { stores, worker } = mount();
    const fenced = findPreset('s07-fencing-on')?.document as ScenarioDocument;
    act(() => stores.documents.getState().replace(fenced, 's07-fencing-on'));
    expect(worker.terminated).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      'Search stopped: the night on screen now has another design (its lock, job, replicas or storage changed). Find a failure will test the design on screen.',
    );
    // A late reply from the stopped worker changes nothing.
    worker.reply({ kind: 'done', result: { found: false, seed: 1, schedulesTried: 5000, faults: ['pause'] } });
    expect(screen.getByRole('status').textContent).toMatch(/^Search stopped/);
  });

  it('keeps searching while only the events move: the design is the same', () => {
    const { stores, worker } = mount();
    act(() => stores.documents.getState().replace({ ...flagship, events: [] }, 's07-fencing-off'));
    expect(worker.terminated).toBe(false);
    expect(screen.getByRole('progressbar', { name: 'Nights tried' })).toBeTruthy();
  });

  it('puts a found night away once the design changes: its words were about the previous one', () => {
    const { stores, worker } = mount();
    worker.reply({ kind: 'done', result: foundResult(4) });
    const redis = findPreset('s10-redis-failover')?.document as ScenarioDocument;
    act(() => stores.documents.getState().replace(redis, 's10-redis-failover'));
    expect(screen.queryByRole('button', { name: 'Open the night found' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(
      "The search's result was about the previous design; the night on screen has another one. Find a failure will test the design on screen.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(stores.ui.getState().findFailure.status).toBe('idle');
  });
});
