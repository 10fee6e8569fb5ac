/**
 * The messages between the page and the Check every night worker
 * (checkEveryNight.worker.ts). Plain data (structured clone): the page sends one request per
 * worker; the worker answers with progress, then exactly one `done` or `failed`.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { SearchInvariant } from '../../search/searchSpace';
import type { VerifyOptions, VerifyProgress, VerifyResult } from '../../verify/verifyDesign';

export interface VerifyRequest {
  readonly document: ScenarioDocument;
  readonly options: VerifyOptions;
}

/**
 * The check's answer as the page needs it: verify's result, the invariants the smallest
 * failing night breaks (its words say which) and the indices of the events verify added to
 * it (Open rings them).
 */
export interface CheckedNights {
  readonly result: VerifyResult;
  /** Empty when safe. */
  readonly violations: readonly SearchInvariant[];
  /** Empty when safe, or when the file's own night already breaks. */
  readonly addedEventIndices: readonly number[];
}

export type VerifyReply =
  | { readonly kind: 'progress'; readonly progress: VerifyProgress }
  | { readonly kind: 'done'; readonly checked: CheckedNights }
  | { readonly kind: 'failed'; readonly message: string };
