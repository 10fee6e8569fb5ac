/**
 * One long job per page in a Web Worker (Find a failure's search, Check every night's
 * exploration): starting a job ends the page's running one, and a reply from a worker that
 * was stopped is never heard (its job's words were about something else by then). Stopping
 * terminates the worker outright: such a job is one long synchronous loop, with nothing to
 * ask politely. Each kind of job keeps its own slot, so a search and a check can run side by
 * side.
 */
import type { Stores } from './stores';

export interface WorkerHandlers<Reply> {
  /** A message from the page's current worker. */
  readonly onReply: (reply: Reply) => void;
  /** The current worker stopped on an error it did not report itself. */
  readonly onError: (message: string) => void;
}

export interface PageWorkerSlot<Reply> {
  /** Ends the page's running job, then listens to `worker` as the current one. */
  start(stores: Stores, worker: Worker, handlers: WorkerHandlers<Reply>): void;
  /** Terminates the page's current worker; false if none was running. */
  stop(stores: Stores): boolean;
  running(stores: Stores): boolean;
}

export function pageWorkerSlot<Reply>(): PageWorkerSlot<Reply> {
  const current = new WeakMap<Stores, Worker>();
  const stop = (stores: Stores): boolean => {
    const worker = current.get(stores);
    if (!worker) return false;
    current.delete(stores);
    worker.terminate();
    return true;
  };
  return {
    start(stores, worker, handlers) {
      stop(stores);
      current.set(stores, worker);
      worker.onmessage = (event: MessageEvent<Reply>) => {
        if (current.get(stores) === worker) handlers.onReply(event.data);
      };
      worker.onerror = (event) => {
        if (current.get(stores) !== worker) return;
        stop(stores);
        handlers.onError(event.message || '');
      };
    },
    stop,
    running: (stores) => current.has(stores),
  };
}
