/**
 * The bounds of `leaseline verify` (docs/verify.md): which faults, how many at most, on which
 * grid of instants, of which lengths, judged by which invariants. The bounds are the claim: a
 * "safe" answer says nothing about a night outside them. Pure data.
 */
import { formatDurationMs } from '../model/duration';
import type { FaultKind } from '../search/faultKinds';
import { DEFAULT_INVARIANTS, type SearchInvariant } from '../search/searchSpace';

export interface VerifyBounds {
  /** The fault kinds of the alphabet, in `FAULT_KINDS` order; each must apply to the design. */
  readonly faults: readonly FaultKind[];
  /** Nights with 0, 1, ... `maxFaults` alphabet elements are checked. */
  readonly maxFaults: number;
  /** Faults start at the window's start, then every `gridMs`, strictly before its end. */
  readonly gridMs: number;
  /** The lengths a fault may have, in the order given (distinct, positive). */
  readonly durationsMs: readonly number[];
  /** What counts as breaking. */
  readonly invariants: readonly SearchInvariant[];
  /** Leave the file's own events out of every night. */
  readonly fresh: boolean;
}

export const VERIFY_FAULTS_DEFAULT: readonly FaultKind[] = ['pause', 'crash'];
export const VERIFY_MAX_FAULTS_DEFAULT = 2;
/** Four faults on a ten-second grid are already billions of nights: more is a typo. */
export const VERIFY_MAX_FAULTS_MAX = 4;
export const VERIFY_GRID_DEFAULT_MS = 10_000;
export const VERIFY_DURATIONS_DEFAULT_MS: readonly number[] = [10_000, 60_000, 300_000, 600_000];

export const VERIFY_BOUNDS_DEFAULT: VerifyBounds = {
  faults: VERIFY_FAULTS_DEFAULT,
  maxFaults: VERIFY_MAX_FAULTS_DEFAULT,
  gridMs: VERIFY_GRID_DEFAULT_MS,
  durationsMs: VERIFY_DURATIONS_DEFAULT_MS,
  invariants: DEFAULT_INVARIANTS,
  fresh: false,
};

/** The bounds as `--json` prints them (docs/verify.md): durations in the file format's words. */
export interface BoundsJson {
  readonly faults: readonly FaultKind[];
  readonly maxFaults: number;
  readonly grid: string;
  readonly durations: readonly string[];
  readonly invariants: readonly SearchInvariant[];
  readonly fresh: boolean;
}

export function boundsJson(bounds: VerifyBounds): BoundsJson {
  return {
    faults: bounds.faults,
    maxFaults: bounds.maxFaults,
    grid: formatDurationMs(bounds.gridMs),
    durations: bounds.durationsMs.map(formatDurationMs),
    invariants: bounds.invariants,
    fresh: bounds.fresh,
  };
}
