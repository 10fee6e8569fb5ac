/**
 * Check every night's worker: `verifyDesign` off the page's thread, so the page stays
 * responsive while it explores. It tells its progress as it goes (at most every 100 ms: the
 * page redraws the bar for each), then its answer, with the smallest failing night's broken
 * invariants and added events read off its file. A chunk of its own: the page's first load
 * never carries the explorer.
 */
import { loadScenarioValue } from '../../model/loadScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { violatedInvariants } from '../../search/judgeNight';
import type { SearchInvariant } from '../../search/searchSpace';
import { simulate } from '../../sim/simulate';
import { verifyDesign } from '../../verify/verifyDesign';
import { VERIFY_EVENT_LABEL } from '../../verify/verifyNight';
import type { CheckedNights, VerifyReply, VerifyRequest } from './verifyProtocol';

const PROGRESS_INTERVAL_MS = 100;

/** The worker's global scope (the DOM lib types `self` as a window, whose postMessage differs). */
const scope = self as unknown as {
  postMessage(reply: VerifyReply): void;
  onmessage: ((event: MessageEvent<VerifyRequest>) => void) | null;
};
const post = (reply: VerifyReply) => scope.postMessage(reply);

scope.onmessage = (event) => {
  const { document, options } = event.data;
  let lastSentMs = Number.NEGATIVE_INFINITY;
  try {
    const result = verifyDesign(document, options, {
      onProgress: (progress) => {
        const nowMs = performance.now();
        if (nowMs - lastSentMs < PROGRESS_INTERVAL_MS) return;
        lastSentMs = nowMs;
        post({ kind: 'progress', progress });
      },
    });
    const checked: CheckedNights = {
      result,
      violations: result.scenario === null ? [] : brokenBy(result.scenario, options.invariants),
      addedEventIndices: addedBy(result.scenario),
    };
    post({ kind: 'done', checked });
  } catch (error) {
    post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};

/** The invariants the failing night breaks: verify's answer says it breaks, not which. */
function brokenBy(night: ScenarioDocument, invariants: readonly SearchInvariant[]): SearchInvariant[] {
  const loaded = loadScenarioValue(night, 'verify.json');
  if (!loaded.ok) throw new Error('the smallest failing night does not load');
  return violatedInvariants(simulate(loaded.scenario), invariants);
}

/** The events verify added: each carries its label (verifyNight.ts). */
function addedBy(night: ScenarioDocument | null): number[] {
  return (night?.events ?? []).flatMap((event, index) => (event.label === VERIFY_EVENT_LABEL ? [index] : []));
}
