/**
 * The course's "Check every night" steps (lesson 4's last step and EX06's on the course map):
 * which designs, within which bounds, and the answers the map states. Pure data, in a file of
 * its own: the lessons are in the page's first load, the course map is not.
 */

/**
 * The bounds of a course's "Check every night" (docs/verify.md, as `leaseline verify`'s
 * flags): small enough to answer in seconds, and said in the step's words.
 */
export interface CourseVerifyBounds {
  readonly faults: readonly ('pause' | 'crash')[];
  readonly maxFaults: number;
  readonly gridMs: number;
  readonly durationsMs: readonly number[];
  readonly invariants: readonly ('I3' | 'I4')[];
  readonly fresh: boolean;
}

/**
 * A step that checks every night within small bounds (the app's "Check every night"): the
 * unsafe design, where the smallest failing night has `unsafeFaults` faults, then the fixed
 * design, safe in all `fixedNights` nights. The course map states both answers;
 * tests/courseVerify.test.ts runs both checks and holds the map to them.
 */
export interface CourseVerifyStep {
  readonly unsafePresetId: string;
  readonly fixedPresetId: string;
  readonly bounds: CourseVerifyBounds;
  readonly unsafeFaults: number;
  readonly fixedNights: number;
}

/**
 * Fencing off against on, every night: pauses and crashes of 1 or 5 minutes starting every 2
 * minutes, up to two in a night, the files' own pause left out. The unfenced flagship breaks
 * with one fault; the fenced one holds in all 4,096 nights (a few seconds on a laptop).
 */
export const VERIFY_FENCING: CourseVerifyStep = {
  unsafePresetId: 's07-fencing-off',
  fixedPresetId: 's07-fencing-on',
  bounds: {
    faults: ['pause', 'crash'],
    maxFaults: 2,
    gridMs: 120_000,
    durationsMs: [60_000, 300_000],
    invariants: ['I3', 'I4'],
    fresh: true,
  },
  unsafeFaults: 1,
  fixedNights: 4096,
};
