/**
 * The nights the search tries, as a fast-check arbitrary: one to `FAULTS_PER_NIGHT_MAX`
 * faults of the allowed kinds. Values sit on round grids (whole seconds, or 50 ms steps near
 * an instant where the base night does something: a grant, a lease's end, a run's start, a
 * write), so a found night reads well before it is even shrunk, and a fault aimed at a
 * narrow gap, such as a Redis failover before the key reached the replica, is found in a
 * few hundred nights rather than tens of thousands. Every value stays inside the window.
 */
import fc from 'fast-check';
import type { FaultKind } from './faultKinds';
import type { SearchFault, SearchNight } from './searchFault';
import type { SearchSpace } from './searchSpace';

export const FAULTS_PER_NIGHT_MAX = 3;
const SECOND_MS = 1000;
/** Near an anchor, faults land on a 50 ms grid from 1 s before it to 3 s after it. */
const NEAR_STEP_MS = 50;
const NEAR_BEFORE_STEPS = 20;
const NEAR_AFTER_STEPS = 60;
/** Clock jumps reach an hour either way: a Redis key's 30-minute TTL is the longest default. */
const CLOCK_JUMP_MAX_MS = 60 * 60 * SECOND_MS;

/**
 * The faults only some locks have are drawn three times as often: they are what the design
 * under test is about (a Redis lock's failover, an advisory lock's session, a lease's renewal).
 */
const LOCK_SPECIFIC: ReadonlySet<FaultKind> = new Set(['redisFailover', 'killSession', 'starveRenewer']);

/** Nights of faults drawn from `space.faults`. */
export function nightArbitrary(space: SearchSpace): fc.Arbitrary<SearchNight> {
  const fault = fc.oneof(
    ...space.faults.map((kind) => ({
      weight: LOCK_SPECIFIC.has(kind) ? 3 : 1,
      arbitrary: faultArbitrary(kind, space),
    })),
  );
  return fc.array(fault, { minLength: 1, maxLength: FAULTS_PER_NIGHT_MAX });
}

function faultArbitrary(kind: FaultKind, space: SearchSpace): fc.Arbitrary<SearchFault> {
  const replica = fc.integer({ min: 0, max: space.replicaIds.length - 1 });
  const order = fc.integer({ min: 0, max: Math.max(0, space.orders.length - 1) });
  const at = instantArbitrary(space);
  const windowMs = space.windowToMs - space.windowFromMs;
  // A span of at least a second and at most the window, in whole seconds.
  const span = fc.integer({ min: 1, max: Math.max(1, Math.floor(windowMs / SECOND_MS)) }).map((s) => s * SECOND_MS);
  const lastMs = space.windowToMs - 1;
  switch (kind) {
    case 'pause':
      return fc.record({ kind: fc.constant(kind), replica, atMs: at, forMs: span });
    case 'pauseBeforeWrite':
      return fc.record({ kind: fc.constant(kind), replica, order, forMs: span });
    case 'crash':
      return fc
        .record({ replica, atMs: at, restartAfterMs: fc.option(span, { nil: null }) })
        .map(({ replica, atMs, restartAfterMs }) => ({
          kind,
          replica,
          atMs,
          // A restart after the window is no restart at all: the night ends first.
          restartAfterMs: restartAfterMs === null || atMs + restartAfterMs > lastMs ? null : restartAfterMs,
        }));
    case 'clockJump': {
      const magnitude = fc.integer({ min: 1, max: CLOCK_JUMP_MAX_MS / SECOND_MS }).map((s) => s * SECOND_MS);
      const byMs = fc.tuple(magnitude, fc.boolean()).map(([ms, back]) => (back ? -ms : ms));
      return fc.record({
        kind: fc.constant(kind),
        node: fc.integer({ min: 0, max: space.clockNodes.length - 1 }),
        atMs: at,
        byMs,
      });
    }
    case 'delayWrite':
      return fc.record({ kind: fc.constant(kind), replica, order, byMs: span });
    case 'partition':
    case 'starveRenewer':
      return fc
        .record({ replica, fromMs: at, lengthMs: span })
        .map((s) => ({ kind, ...s, lengthMs: Math.max(1, Math.min(s.lengthMs, lastMs - s.fromMs)) }));
    case 'redisFailover':
    case 'expireLock':
      return fc.record({ kind: fc.constant(kind), atMs: at });
    case 'killSession':
      return fc.record({ kind: fc.constant(kind), replica, atMs: at });
  }
}

/**
 * An instant of the night: anywhere in the window on a whole second, or close to one of
 * the base night's anchors on a 50 ms grid. Always in [window.from, window.to - 1 ms].
 */
function instantArbitrary(space: SearchSpace): fc.Arbitrary<number> {
  const fromMs = space.windowFromMs;
  const lastMs = space.windowToMs - 1;
  const anywhere = fc
    .integer({ min: 0, max: Math.floor((lastMs - fromMs) / SECOND_MS) })
    .map((s) => fromMs + s * SECOND_MS);
  if (space.anchorsMs.length === 0) return anywhere;
  const near = fc
    .tuple(
      fc.integer({ min: 0, max: space.anchorsMs.length - 1 }),
      fc.integer({ min: -NEAR_BEFORE_STEPS, max: NEAR_AFTER_STEPS }),
    )
    .map(([anchor, steps]) => {
      const anchorMs = space.anchorsMs[anchor] as number;
      // Snap to the grid of the window's start, so "near" times are round too.
      const snappedMs = fromMs + Math.round((anchorMs - fromMs) / NEAR_STEP_MS) * NEAR_STEP_MS;
      return Math.min(lastMs, Math.max(fromMs, snappedMs + steps * NEAR_STEP_MS));
    });
  return fc.oneof(anywhere, near);
}
