/**
 * The night worker: simulates a document off the main thread, so dragging a big night never
 * blocks the page (nightScheduler.ts decides what to send). The night crosses back by
 * structured clone; it is plain data (no functions, no class instances), which
 * nightWorker.test.ts checks by a round trip.
 */
import { computeNight } from './night';
import type { NightRequest, NightResponse } from './nightScheduler';

interface WorkerScope {
  onmessage: ((event: MessageEvent<NightRequest>) => void) | null;
  postMessage(message: NightResponse): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, document } = event.data;
  scope.postMessage({ id, night: computeNight(document) });
};
