/**
 * The nights of one fault count, checked: every set of `count` alphabet elements that is a
 * night, each judged as `check` would judge it, with the work shared between nights in two ways
 * that change no answer (docs/verify.md "How it checks"):
 *
 * - **Shared beginnings.** A night is its parent (itself without its last element, which
 *   strikes no earlier than the others) plus that element: it re-runs from the parent's
 *   checkpoint at the element's instant (`resimulate`, byte-identical to a full run). Parents
 *   keep a checkpoint at every instant of the alphabet's grid.
 * - **Merged futures.** At that instant, a night's future is decided by the parent's state
 *   (`sim/checkpoints/futureKey.ts`) and the faults still to come (`remainingEvents.ts`). Two
 *   nights with the same of both have the same future, so its verdict on I3 and I4 is
 *   computed once and remembered: a night then costs a lookup, and breaks when its parent broke
 *   I4 before the instant or the remembered future breaks. A fault that changes nothing (a
 *   pause of an idle replica that ends before its next trigger) leaves the state as it was,
 *   and its nights cost a lookup each. Only for I3 and I4: the other invariants read history
 *   the key leaves out, and nights judged by them are each simulated.
 * - **Settled nights.** Where a reconciliation night can write no order again
 *   (`writesNoMore.ts`), I3 and I4 are decided: a run stops there, and a fault added where its
 *   parent has settled is judged without one.
 *
 * Which sets are nights is the loader's word: an element is tried alone through the loader,
 * and a set is a night when each of its elements is and the file stays within the format's
 * event limit (the loader's only checks across events: `tests/verifyAcceptance.test.ts` holds
 * it to that). A night simulated is assembled from the loader's reading of each element
 * (`assembleNight.ts`), equal to loading its file.
 *
 * `share` splits the work between threads by a night's last element, alternately through the
 * alphabet: the remembered futures are keyed by that element, so each is computed by exactly
 * one share and the counts (`simulations` included) are the same for any number of shares.
 * Alternating elements rather than instants keeps the shares even: a grid's instants are not
 * alike (on the fenced flagship's 10-second grid, the odd instants' nights took 12.5 s to the
 * even ones' 9.1 s; alternate elements 9.1 and 8.8 s). Pure and deterministic.
 */
import { EVENTS_MAX } from '../model/scenarioSchema';
import { violatedInvariants } from '../search/judgeNight';
import type { SearchFault } from '../search/searchFault';
import { eventCountOf } from '../search/searchFault';
import type { SearchInvariant, SearchSpace } from '../search/searchSpace';
import { type Checkpoint, checkpointsUpTo } from '../sim/checkpoints/checkpoint';
import { futureKey, mayShareFuture } from '../sim/checkpoints/futureKey';
import {
  type CheckpointedNight,
  type CheckpointGrid,
  environmentSeqFromOf,
  resimulate,
  resimulateWatched,
  simulateWithCheckpoints,
} from '../sim/checkpoints/resimulate';
import { stateDigest } from '../sim/checkpoints/stateDigest';
import type { Trace, Violation } from '../sim/trace';
import { nightAssembler } from './assembleNight';
import { orderInstantMs } from './faultAlphabet';
import { remainingEventsKey, startsAtItsInstant } from './remainingEvents';
import { type FailingNight, failingNight, smallerOf } from './smallestNight';
import { loadVerifyNight, verifyNightFile } from './verifyNight';
import { appliedMoreThanOnce, writesNoMore } from './writesNoMore';

/** One share of the work: this thread takes the nights whose last element's place in the alphabet is `index` modulo `of`. */
export interface Share {
  readonly index: number;
  readonly of: number;
}

export const WHOLE: Share = { index: 0, of: 1 };

/** What one fault count gave: the same for any `Share` once the shares are added up. */
export interface LevelResult {
  /** Nights of this count in this share. */
  readonly nights: number;
  readonly failing: number;
  /** Nights of this count re-run in this share (a remembered future costs none). */
  readonly leafRuns: number;
  /** Parents (nights of fewer faults) the count re-runs: every share runs them; count them once. */
  readonly parentRuns: number;
  readonly smallest: FailingNight | null;
}

export interface NightExplorer {
  /** How many elements the base night can take; the number of nights of each count follows (`nightsWithin`). */
  readonly acceptedElements: number;
  /** The file's own night with no fault added, judged. */
  readonly baseBreaks: boolean;
  /** Every night of `count` faults in this share; `onNight` after each (progress). */
  level(count: number, onNight: () => void): LevelResult;
}

interface Parent {
  readonly night: CheckpointedNight;
  /** When its first I4 violation happened (the prefix its children share), or +Infinity. */
  readonly firstI4Ms: number;
  /** Its faults. */
  readonly faults: readonly SearchFault[];
  /** The indices of its faults in the alphabet. */
  readonly indices: readonly number[];
  /** How many events its faults add to the file's. */
  readonly eventCount: number;
  /** By instant: the key of its state there and its faults still to come (`futureKeyAt`). */
  readonly futureKeys: Map<number, string>;
  /** By instant: whether a night settled there breaks I3 (`settledFutureAt`), or null where it has not settled. */
  readonly settledFutures: Map<number, boolean | null>;
}

/** Sets up the exploration of `alphabet`'s nights on `space`'s design; throws only on a bug (the base night must load). */
export function nightExplorer(
  space: SearchSpace,
  alphabet: readonly SearchFault[],
  grid: CheckpointGrid,
  share: Share = WHOLE,
  /** Off, every night is re-run (the tests hold the merged answer to it). */
  mergeFutures = true,
): NightExplorer {
  const baseScenario = loadVerifyNight(verifyNightFile(space, []));
  if (baseScenario === null) throw new Error('the file without added faults does not load');
  // Verdicts only: no trace entries are kept, in this night or any re-run from its checkpoints.
  const base = parentOf(simulateWithCheckpoints(baseScenario, { verdictOnly: true }, grid), [], [], 0);
  const alone = alphabet.map((fault) => loadVerifyNight(verifyNightFile(space, [fault])));
  const accepted = alone.map((scenario) => scenario !== null);
  const assemble = nightAssembler(space, baseScenario, alphabet, alone);
  const baseEvents = space.baseDocument.events?.length ?? 0;
  const merges = mergeFutures && space.invariants.every((invariant) => invariant === 'I3' || invariant === 'I4');
  /**
   * The remembered futures, to "breaks I3 or I4": by the parent's key at the instant (its state
   * and its faults still to come, `futureKeyAt`), then by the added fault, an element of the
   * alphabet (at its own instant, each element has a different key of its own to come:
   * `remainingEvents.ts`). Nights whose parents differ but meet there share the entry.
   */
  const futures = new Map<string, Map<number, boolean>>();
  const digests = new WeakMap<Checkpoint, string>();

  const digestAt = (parent: Parent, checkpoint: Checkpoint): string => {
    let digest = digests.get(checkpoint);
    if (digest === undefined) {
      digest = stateDigest(futureKey(checkpoint, environmentSeqFromOf(parent.night)));
      digests.set(checkpoint, digest);
    }
    return digest;
  };

  /**
   * Whether the night breaks I3 or I4 from `atMs` on. Its run stops where its state meets its
   * parent's again with nothing of its last fault to come (a pause over, a replica back, the
   * same lease): from there its future is the parent's, already judged (`futureKey.ts`).
   */
  const futureFrom = (parent: Parent, index: number, atMs: number): boolean => {
    const last = alphabet[index] as SearchFault;
    let mergedAtMs = 0;
    /** Set where the run settled (`writesNoMore`): whether an order was applied twice by then. */
    let settledTwice: boolean | null = null;
    const run = resimulateWatched(
      parent.night,
      assemble([...parent.indices, index]),
      {
        afterMs: atMs,
        mergesAt: (instantMs, live) => {
          if (writesNoMore(live.world, parent.night.scenario)) {
            settledTwice = appliedMoreThanOnce(live.world);
            return true;
          }
          // The faults to come of the night and of its parent (the night's but its last) are
          // the same exactly when nothing of the last fault is still to come.
          if (remainingEventsKey(last, instantMs) !== '') return false;
          const checkpoint = checkpointHolding(parent.night, instantMs);
          if (checkpoint === null || !mayShareFuture(live.world, checkpoint.world.state)) return false;
          if (stateDigest(live.key()) !== digestAt(parent, checkpoint)) return false;
          mergedAtMs = instantMs;
          return true;
        },
      },
      eventCountOf(last),
    );
    if (run.stoppedAtMs === null) return futureBreaks(run.trace.violations, space.invariants, atMs);
    // Settled: what it found since `atMs`, and I3 as it stands (no order is written again).
    if (settledTwice !== null) return futureBreaks(run.violations, space.invariants, atMs) || i3Stands(settledTwice);
    // Stopped: what it found since `atMs` (I4 at its step; I3 is counted only at a night's end), then the parent's future.
    return (
      futureBreaks(run.violations, space.invariants, atMs) ||
      futureBreaks(parent.night.trace.violations, space.invariants, mergedAtMs)
    );
  };

  /** A settled night's future: it breaks I3 (when checked) as it stands, and accepts no write, so no stale token. */
  const i3Stands = (appliedTwice: boolean) => appliedTwice && space.invariants.includes('I3');

  /** Whether the parent broke I4 before `atMs`, where the night's own future begins. */
  const brokeBefore = (parent: Parent, atMs: number) => space.invariants.includes('I4') && parent.firstI4Ms < atMs;

  /**
   * Where the parent has settled at `atMs` (`writesNoMore`), its future with any fault added
   * there: I3 as it stands. Null where it has not. Asked before the future's key, a digest of
   * the whole state, which a settled instant does not need: on the fenced flagship's default
   * bounds, a check writes 71,514 digests instead of 101,476.
   */
  const settledFutureAt = (parent: Parent, atMs: number, checkpoint: Checkpoint): boolean | null => {
    let settled = parent.settledFutures.get(atMs);
    if (settled === undefined) {
      const state = checkpoint.world.state;
      settled = writesNoMore(state, parent.night.scenario) ? i3Stands(appliedMoreThanOnce(state)) : null;
      parent.settledFutures.set(atMs, settled);
    }
    return settled;
  };

  /** The key of the parent's future at `atMs` but for a fault added there: its state and its faults to come. */
  const futureKeyAt = (parent: Parent, atMs: number, checkpoint: Checkpoint): string => {
    let key = parent.futureKeys.get(atMs);
    if (key === undefined) {
      key = `${atMs}|${digestAt(parent, checkpoint)}|${toComeKey(parent.faults, atMs)}`;
      parent.futureKeys.set(atMs, key);
    }
    return key;
  };

  /** Whether the parent with the alphabet's element `index` added breaks; a night judged costs no array or string of its own. */
  const judgeLeaf = (parent: Parent, index: number, counts: { leafRuns: number }): boolean => {
    const last = alphabet[index] as SearchFault;
    const atMs = orderInstantMs(last);
    const checkpoint = merges && startsAtItsInstant(last) ? checkpointHolding(parent.night, atMs) : null;
    if (checkpoint === null) {
      counts.leafRuns += 1;
      const next = assemble([...parent.indices, index]);
      return breaks(
        resimulate(parent.night, next, { keepCheckpoints: false, appendedCount: eventCountOf(last) }).trace,
        space.invariants,
      );
    }
    // Settled before the fault: whatever it does, no order is written again (no run, no key).
    const settled = settledFutureAt(parent, atMs, checkpoint);
    if (settled !== null) return brokeBefore(parent, atMs) || settled;
    const parentKey = futureKeyAt(parent, atMs, checkpoint);
    let byFault = futures.get(parentKey);
    if (byFault === undefined) {
      byFault = new Map();
      futures.set(parentKey, byFault);
    }
    let future = byFault.get(index);
    if (future === undefined) {
      counts.leafRuns += 1;
      future = futureFrom(parent, index, atMs);
      byFault.set(index, future);
    }
    return brokeBefore(parent, atMs) || future;
  };

  return {
    acceptedElements: accepted.filter(Boolean).length,
    baseBreaks: breaks(base.night.trace, space.invariants),
    level(count, onNight) {
      const counts = { nights: 0, failing: 0, leafRuns: 0, parentRuns: 0, smallest: null as FailingNight | null };
      const walk = (parent: Parent, from: number) => {
        const isLeaf = parent.faults.length + 1 === count;
        for (let index = from; index <= alphabet.length - (count - parent.faults.length); index++) {
          const fault = alphabet[index] as SearchFault;
          const eventCount = parent.eventCount + eventCountOf(fault);
          // A night is a set of elements each a night alone, within the format's event limit (the
          // parent's are); a set that is not a night has no superset that is one.
          if (!accepted[index] || baseEvents + eventCount > EVENTS_MAX) continue;
          if (!isLeaf) {
            counts.parentRuns += 1;
            const indices = [...parent.indices, index];
            const night = resimulate(parent.night, assemble(indices), {
              keepCheckpoints: true,
              appendedCount: eventCountOf(fault),
            });
            walk(parentOf(night, [...parent.faults, fault], indices, eventCount), index + 1);
            continue;
          }
          if (index % share.of !== share.index) continue;
          counts.nights += 1;
          if (judgeLeaf(parent, index, counts)) {
            counts.failing += 1;
            const night = [...parent.faults, fault];
            const file = verifyNightFile(space, night);
            counts.smallest = smallerOf(counts.smallest, failingNight(night, file.document, space.windowFromMs));
          }
          onNight();
        }
      };
      walk(base, 0);
      return counts;
    },
  };
}

/** The faults' events still to come at `atMs` (`remainingEvents.ts`), finished ones left out. */
function toComeKey(faults: readonly SearchFault[], atMs: number): string {
  return faults
    .map((fault) => remainingEventsKey(fault, atMs))
    .filter((key) => key !== '')
    .join(',');
}

function parentOf(
  night: CheckpointedNight,
  faults: readonly SearchFault[],
  indices: readonly number[],
  eventCount: number,
): Parent {
  let firstI4Ms = Number.POSITIVE_INFINITY;
  for (const violation of night.trace.violations) {
    if (violation.invariant === 'I4') firstI4Ms = Math.min(firstI4Ms, violation.atMs);
  }
  return { night, firstI4Ms, faults, indices, eventCount, futureKeys: new Map(), settledFutures: new Map() };
}

/** The checkpoint holding the night's state at `atMs`, or null (after its last step no checkpoint is taken). */
function checkpointHolding(night: CheckpointedNight, atMs: number): Checkpoint | null {
  const found = night.checkpoints[checkpointsUpTo(night.checkpoints, atMs) - 1];
  return found !== undefined && found.holdsUntilMs >= atMs ? found : null;
}

export function breaks(trace: Trace, invariants: readonly SearchInvariant[]): boolean {
  return violatedInvariants(trace, invariants).length > 0;
}

/** Whether the night breaks I3 (counted at its end) or I4 at or after `fromMs` (the future a key stands for). */
function futureBreaks(
  violations: readonly Violation[],
  invariants: readonly SearchInvariant[],
  fromMs: number,
): boolean {
  return violations.some(
    (violation) =>
      (violation.invariant === 'I3' && invariants.includes('I3')) ||
      (violation.invariant === 'I4' && invariants.includes('I4') && violation.atMs >= fromMs),
  );
}
