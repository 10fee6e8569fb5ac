/**
 * The search for a failing night, off the page's thread: the page stays responsive while
 * thousands of nights are simulated. This chunk is the only one that loads the search (and
 * fast-check with it), so the page's initial JavaScript does not grow. Progress is sent at
 * most every PROGRESS_INTERVAL_MS, and whenever the phase changes, so the page re-renders a
 * handful of times a second however fast the nights go.
 */
import { findFailure, type SearchProgress } from '../../search/findFailure';
import type { SearchReply, SearchRequest } from './searchProtocol';

const PROGRESS_INTERVAL_MS = 100;

/** The worker's global scope (the DOM lib types `self` as a window, whose postMessage differs). */
const scope = self as unknown as {
  postMessage(reply: SearchReply): void;
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
};
const post = (reply: SearchReply) => scope.postMessage(reply);

scope.onmessage = (event) => {
  const { document, options } = event.data;
  let lastSentMs = Number.NEGATIVE_INFINITY;
  let lastPhase: SearchProgress['phase'] | null = null;
  try {
    const result = findFailure(document, options, (progress) => {
      const nowMs = performance.now();
      if (progress.phase === lastPhase && nowMs - lastSentMs < PROGRESS_INTERVAL_MS) return;
      lastSentMs = nowMs;
      lastPhase = progress.phase;
      post({ kind: 'progress', progress });
    });
    post({ kind: 'done', result });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
