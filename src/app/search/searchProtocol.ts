/**
 * The messages between the page and the search worker (findFailure.worker.ts). Plain data
 * (structured clone): the page sends one request per worker; the worker answers with
 * progress, then exactly one `done` or `failed`.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { SearchOptions, SearchProgress, SearchResult } from '../../search/findFailure';

export interface SearchRequest {
  readonly document: ScenarioDocument;
  readonly options: SearchOptions;
}

export type SearchReply =
  | { readonly kind: 'progress'; readonly progress: SearchProgress }
  | { readonly kind: 'done'; readonly result: SearchResult }
  | { readonly kind: 'failed'; readonly message: string };
