/**
 * What the main thread of `leaseline verify --workers N` and its threads say to each other
 * (`verifyThreads.ts`, `verifyThread.ts`): structured-clone data on a message port, and a
 * shared counter of answers the main thread sleeps on (`Atomics.wait`), so the command stays
 * synchronous like every other.
 */
import type { LevelResult } from '../verify/nightExplorer';

export type ThreadRequest = { readonly kind: 'level'; readonly count: number } | { readonly kind: 'stop' };

export type ThreadAnswer =
  | { readonly kind: 'ready'; readonly acceptedElements: number; readonly baseBreaks: boolean }
  | { readonly kind: 'level'; readonly result: LevelResult }
  | { readonly kind: 'failed'; readonly message: string };

/** Counts one answer posted and wakes the main thread. */
export function tellAnswered(answered: Int32Array): void {
  Atomics.add(answered, 0, 1);
  Atomics.notify(answered, 0);
}
