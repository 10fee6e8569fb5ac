/**
 * The night worker: simulates a document off the main thread, so dragging a big night never
 * blocks the page (nightScheduler.ts decides what to send). The night goes back as JSON text,
 * not as a structured clone of the object: reading a 3,000-entry trace out of a clone costs
 * the main thread about twice what `JSON.parse` of its text does, and the night is plain
 * JSON data (the trace's contract), which nightWorker.test.ts checks by a round trip.
 * A drag's move comes with its origin: the worker keeps the origin's night with its
 * checkpoints and re-simulates only what the move can change (`incrementalNight.ts`), and
 * sends only the part of the trace's logs the nights it sent last do not hold (`nightDelta.ts`).
 */
import { nightFromOrigin } from './incrementalNight';
import { computeNight } from './night';
import { type KeptNight, keepLast, writeNight } from './nightDelta';
import type { NightRequest } from './nightScheduler';
import type { NightMessage } from './nightWorkerPort';

interface WorkerScope {
  onmessage: ((event: MessageEvent<NightRequest>) => void) | null;
  postMessage(message: NightMessage): void;
}

const scope = globalThis as unknown as WorkerScope;

/** The nights sent last: the page holds them, so a night's logs go as what the best of them lacks (`nightDelta.ts`). */
let sent: KeptNight[] = [];

scope.onmessage = (event) => {
  const { id, document, origin } = event.data;
  const night = origin === undefined ? computeNight(document) : nightFromOrigin(origin, document);
  scope.postMessage({ id, ...writeNight(night, sent) });
  sent = keepLast(sent, { id, night });
};
