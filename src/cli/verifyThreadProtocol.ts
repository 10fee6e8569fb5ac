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

/** The shared counters: answers posted (the main thread sleeps on it), and nights the threads checked in the current count (progress). */
export const ANSWERS = 0;
export const NIGHTS_CHECKED = 1;
export const SHARED_COUNTERS = 2;

/** Counts one answer posted and wakes the main thread. */
export function tellAnswered(answered: Int32Array): void {
  Atomics.add(answered, ANSWERS, 1);
  Atomics.notify(answered, ANSWERS);
}
