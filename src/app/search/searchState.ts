/**
 * What "Find a failure" shows, as UI state (the UI store's `findFailure`): nothing yet, a
 * search in progress, or its outcome. The found night itself is data the search returned,
 * kept here until the person opens it (the document store only ever holds the night open);
 * opening it ends the panel's work.
 */
import type { SearchProgress, SearchResult } from '../../search/findFailure';

/** A course step's second half: after the unsafe design, the fixed one (course/courseSearch). */
export interface SearchFollowUp {
  readonly presetId: string;
  readonly title: string;
}

export type FindFailureState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'running';
      readonly progress: SearchProgress;
      readonly followUp: SearchFollowUp | null;
    }
  | {
      readonly status: 'done';
      readonly result: SearchResult;
      readonly followUp: SearchFollowUp | null;
    }
  | { readonly status: 'cancelled' }
  /** The night on screen took another design (searchRunner's watchSearchedDesign). */
  | { readonly status: 'designChanged'; readonly wasRunning: boolean }
  | { readonly status: 'failed'; readonly message: string };

export const FIND_FAILURE_IDLE: FindFailureState = { status: 'idle' };

/** The document store's source for the night Open puts on screen (the Scenario button names it). */
export const FOUND_NIGHT_SOURCE = 'search';
