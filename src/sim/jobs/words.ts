/**
 * The English words a job uses for its items and what happens to them, for the `leaseline`
 * command and the report's messages (`../readings/jobWords.ts` looks them up by kind). A job without
 * orders never reads "order". The app has the same words in its translations. Pure.
 */
export interface JobWords {
  /** How one item is named in a list of writes: `order 1003`, `row 11`, `digest email`. */
  itemName(id: number): string;
  /** What a safe night did right: the verdict line of `leaseline check`. */
  readonly safeSummary: string;
  /** One item done more than once: `order 1003 applied twice`, `outbox row 11 published twice`. */
  doneTimes(id: number, count: number): string;
  /** I6 in the job's own terms: what was left undone at the window's end. */
  missedText(left: number, total: number): string;
}

/** `twice`, `3 times`. */
export const times = (count: number): string => (count === 2 ? 'twice' : `${count} times`);
