/**
 * The night worker: simulates a document off the main thread, so dragging a big night never
 * blocks the page (nightScheduler.ts decides what to send). The night goes back as JSON text,
 * not as a structured clone of the object: reading a 3,000-entry trace out of a clone costs
 * the main thread about twice what `JSON.parse` of its text does, and the night is plain
 * JSON data (the trace's contract), which nightWorker.test.ts checks by a round trip.
 */
import { computeNight } from './night';
import type { NightRequest } from './nightScheduler';
import type { NightMessage } from './nightWorkerPort';

interface WorkerScope {
  onmessage: ((event: MessageEvent<NightRequest>) => void) | null;
  postMessage(message: NightMessage): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, document } = event.data;
  scope.postMessage({ id, nightJson: JSON.stringify(computeNight(document)) });
};
