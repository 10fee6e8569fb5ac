/**
 * Starts and stops Check every night's worker for a page (its stores), and keeps the UI
 * store's `checkEveryNight` in step with what the worker reports. One check at a time
 * (state/pageWorkers.ts); Cancel terminates the worker outright.
 */
import { flushSync } from 'react-dom';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { VerifyBounds } from '../../verify/verifyBounds';
import { designKey } from '../search/searchedDesign';
import { pageWorkerSlot } from '../state/pageWorkers';
import type { Stores } from '../state/stores';
import { nightsWithin } from './nightsWithin';
import type { VerifyReply, VerifyRequest } from './verifyProtocol';
import type { VerifyFollowUp } from './verifyState';

/** Makes the worker; tests may pass another (happy-dom has no module workers). */
export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./checkEveryNight.worker.ts', import.meta.url), { type: 'module', name: 'check-every-night' });

const checks = pageWorkerSlot<VerifyReply>();
/** What each page's last check was about (`checkedKey`), running or done. */
const checkedKeys = new WeakMap<Stores, string>();

/**
 * What a check's answer is about: the design, and the file's own events too unless they are
 * left out (`fresh`), since then they are in every night.
 */
function checkedKey(document: ScenarioDocument, bounds: VerifyBounds): string {
  return bounds.fresh ? designKey(document) : `${designKey(document)}${JSON.stringify(document.events ?? [])}`;
}

/** Checks every night of `document` within `bounds`, stopping at the smallest failing count. */
export function startVerify(
  stores: Stores,
  document: ScenarioDocument,
  bounds: VerifyBounds,
  followUp: VerifyFollowUp | null = null,
  createWorker: WorkerFactory = defaultFactory,
): void {
  const set = stores.ui.getState().set;
  const worker = createWorker();
  checks.start(stores, worker, {
    onReply: (reply) => {
      if (reply.kind === 'progress') {
        // The page's whole cost of one progress message, React's render included, as user
        // timing for `npm run bench` (scripts/bench-search-ui.ts).
        const startMs = performance.now();
        flushSync(() => set({ checkEveryNight: { status: 'running', bounds, progress: reply.progress, followUp } }));
        performance.measure('leaseline:verify-progress', { start: startMs, end: performance.now() });
        return;
      }
      checks.stop(stores);
      set({
        checkEveryNight:
          reply.kind === 'done'
            ? { status: 'done', bounds, result: reply.checked, followUp }
            : { status: 'failed', bounds, message: reply.message },
      });
    },
    onError: (message) =>
      set({ checkEveryNight: { status: 'failed', bounds, message: message || 'the worker stopped' } }),
  });
  checkedKeys.set(stores, checkedKey(document, bounds));
  // N is known before the first night (the worker tells progress only every 1,000 nights).
  const progress = { nightsChecked: 0, nightsTotal: nightsWithin(document, bounds) ?? 0 };
  set({ checkEveryNight: { status: 'running', bounds, progress, followUp } });
  const request: VerifyRequest = { document, options: { ...bounds, countAll: false } };
  worker.postMessage(request);
}

/** Stops a running check; the panel says it was cancelled. */
export function cancelVerify(stores: Stores): void {
  const state = stores.ui.getState().checkEveryNight;
  if (!checks.stop(stores) || state.status !== 'running') return;
  stores.ui.getState().set({ checkEveryNight: { status: 'cancelled', bounds: state.bounds } });
}

/**
 * A check's words are about the night it checked. When the night on screen takes another
 * design (or, with the file's events kept, other events), a running check stops and an
 * answer is put away, and the panel says why.
 */
export function watchVerifiedDesign(stores: Stores): () => void {
  return stores.documents.subscribe((next, previous) => {
    if (next.document === previous.document) return;
    const checked = checkedKeys.get(stores);
    const state = stores.ui.getState().checkEveryNight;
    if (checked === undefined || (state.status !== 'running' && state.status !== 'done')) return;
    if (checkedKey(next.document, state.bounds) === checked) return;
    checks.stop(stores);
    checkedKeys.delete(stores);
    stores.ui.getState().set({
      checkEveryNight: { status: 'designChanged', bounds: state.bounds, wasRunning: state.status === 'running' },
    });
  });
}

export function verifyRunning(stores: Stores): boolean {
  return checks.running(stores);
}
