/**
 * Opens the night worker (nightWorker.ts, a module worker Vite bundles on its own) as the
 * scheduler's port. The CSP allows it (`worker-src 'self'`). Null where there is no Worker
 * (the unit tests' DOM): the scheduler then simulates on the main thread.
 */
import { type KeptNight, keepLast, type NightText, readNight } from './nightDelta';
import type { NightPort } from './nightScheduler';

/** What the worker posts: the night as JSON text (nightWorker.ts says why), its logs cut to what one of the last ones lacks. */
export interface NightMessage extends NightText {
  readonly id: number;
}

export function openNightWorker(): NightPort | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./nightWorker.ts', import.meta.url), { type: 'module', name: 'leaseline-night' });
  } catch {
    return null;
  }
  /** The nights of the worker's last messages, shown or not: the next one is sent as changes to one of them. */
  let read: KeptNight[] = [];
  return {
    post: (request) => worker.postMessage(request),
    listen(onResponse, onFailure) {
      worker.addEventListener('message', (event: MessageEvent<NightMessage>) => {
        // The main thread's whole share of an answer, for the benchmark: reading the night
        // out of the message and, when it is shown, drawing it.
        const receivedMs = performance.now();
        const { id } = event.data;
        const night = readNight(event.data, read);
        read = keepLast(read, { id, night });
        onResponse({ id, night });
        performance.measure('leaseline:night-answer', { start: receivedMs, end: performance.now() });
      });
      const fail = () => {
        worker.terminate();
        onFailure();
      };
      worker.addEventListener('error', fail);
      worker.addEventListener('messageerror', fail);
    },
    close: () => worker.terminate(),
  };
}
