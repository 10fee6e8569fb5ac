/**
 * Starts and stops the search worker for a page (its stores), and keeps the UI store's
 * `findFailure` in step with what the worker reports. One search at a time
 * (state/pageWorkers.ts): starting a new one ends the running one, and Cancel terminates
 * the worker outright.
 */
import { flushSync } from 'react-dom';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { SearchOptions } from '../../search/findFailure';
import { pageWorkerSlot } from '../state/pageWorkers';
import type { Stores } from '../state/stores';
import { designKey } from './searchedDesign';
import type { SearchReply, SearchRequest } from './searchProtocol';
import type { SearchFollowUp } from './searchState';

/** The in-app search's budget and seed, as the result's words say ("5,000 nights ... (seed 1)"). */
export const APP_SEARCH_BUDGET = 5000;
export const APP_SEARCH_SEED = 1;

/** Makes the worker; tests may pass another (happy-dom has no module workers). */
export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./findFailure.worker.ts', import.meta.url), { type: 'module', name: 'find-a-failure' });

const searches = pageWorkerSlot<SearchReply>();
/** The design (searchedDesign.ts) each page's last search tested, running or done. */
const searchedDesigns = new WeakMap<Stores, string>();

/**
 * Searches the design of `document` (its replicas, lock, storage and job: `fresh`, the events
 * on the chart are not kept) for the smallest night that breaks it.
 */
export function startSearch(
  stores: Stores,
  document: ScenarioDocument,
  followUp: SearchFollowUp | null = null,
  createWorker: WorkerFactory = defaultFactory,
): void {
  const options: SearchOptions = { budget: APP_SEARCH_BUDGET, seed: APP_SEARCH_SEED, fresh: true };
  const worker = createWorker();
  const set = stores.ui.getState().set;
  searches.start(stores, worker, {
    onReply: (reply) => {
      if (reply.kind === 'progress') {
        // The page's whole cost of one progress message, React's render included (flushSync
        // renders it inside the handler), as user timing for `npm run bench`.
        const startMs = performance.now();
        flushSync(() => set({ findFailure: { status: 'running', progress: reply.progress, followUp } }));
        performance.measure('leaseline:search-progress', { start: startMs, end: performance.now() });
        return;
      }
      searches.stop(stores);
      set({
        findFailure:
          reply.kind === 'done'
            ? { status: 'done', result: reply.result, followUp }
            : { status: 'failed', message: reply.message },
      });
    },
    onError: (message) => set({ findFailure: { status: 'failed', message: message || 'the search worker stopped' } }),
  });
  searchedDesigns.set(stores, designKey(document));
  set({
    findFailure: {
      status: 'running',
      progress: { tried: 0, budget: options.budget, phase: 'search', bestEventCount: null },
      followUp,
    },
  });
  const request: SearchRequest = { document, options };
  worker.postMessage(request);
}

/** Stops a running search; the panel says it was cancelled. */
export function cancelSearch(stores: Stores): void {
  if (!searches.stop(stores)) return;
  stores.ui.getState().set({ findFailure: { status: 'cancelled' } });
}

/**
 * A search's words are about the design it tested. When the night on screen takes another
 * design (another preset, a changed lock or job, Undo past a design edit), a running search
 * stops and a result is put away, and the panel says why: Find a failure then tests the new
 * design. Event edits keep the design and the search.
 */
export function watchSearchedDesign(stores: Stores): () => void {
  return stores.documents.subscribe((next, previous) => {
    if (next.document === previous.document) return;
    const searched = searchedDesigns.get(stores);
    const status = stores.ui.getState().findFailure.status;
    if (searched === undefined || (status !== 'running' && status !== 'done')) return;
    if (designKey(next.document) === searched) return;
    searches.stop(stores);
    searchedDesigns.delete(stores);
    stores.ui.getState().set({ findFailure: { status: 'designChanged', wasRunning: status === 'running' } });
  });
}

export function searchRunning(stores: Stores): boolean {
  return searches.running(stores);
}
