/**
 * The fault alphabet of `leaseline verify` (docs/verify.md's table): every single fault of the
 * chosen kinds, for every replica, grid instant, duration, item, clock node and sign. A night
 * is a set of distinct elements. Pure.
 *
 * The alphabet's order is the order a night's faults are written in its file, and the order
 * the exploration adds them in: faults that have no instant or whose effect reaches back
 * before it (a write's pause or delay, a clock jump: `sim/checkpoints/editReach.ts`) first,
 * then by instant. So a night is its parent night (itself without its last fault) plus one
 * fault that strikes no earlier than the others, and re-simulates from its parent's state
 * just before that fault.
 */
import type { FaultKind } from '../search/faultKinds';
import type { SearchFault } from '../search/searchFault';
import type { SearchSpace } from '../search/searchSpace';
import type { VerifyBounds } from './verifyBounds';

/** The alphabet of `space`'s design within `bounds`, in the order described above. */
export function faultAlphabet(space: SearchSpace, bounds: VerifyBounds): SearchFault[] {
  const instantsMs = gridInstantsMs(space.windowFromMs, space.windowToMs, bounds.gridMs);
  const elements = bounds.faults.flatMap((kind) => elementsOf(kind, space, instantsMs, bounds.durationsMs));
  // A stable sort: within one instant, the kinds keep `bounds.faults`' order and their own.
  return elements
    .map((fault, index) => ({ fault, index, reachMs: orderInstantMs(fault) }))
    .sort((a, b) => a.reachMs - b.reachMs || a.index - b.index)
    .map(({ fault }) => fault);
}

/** The window's start, then every `gridMs`, strictly before its end. */
export function gridInstantsMs(windowFromMs: number, windowToMs: number, gridMs: number): number[] {
  if (!Number.isSafeInteger(gridMs) || gridMs < 1)
    throw new RangeError(`the grid must be whole ms, at least 1 (got ${gridMs})`);
  const instants: number[] = [];
  for (let atMs = windowFromMs; atMs < windowToMs; atMs += gridMs) instants.push(atMs);
  return instants;
}

function elementsOf(
  kind: FaultKind,
  space: SearchSpace,
  instantsMs: readonly number[],
  durationsMs: readonly number[],
): SearchFault[] {
  const replicas = space.replicaIds.map((_, index) => index);
  const orders = space.orders.map((_, index) => index);
  const each = <T, U>(list: readonly T[], make: (value: T) => U[]): U[] => list.flatMap(make);
  switch (kind) {
    case 'pause':
      return each(replicas, (replica) =>
        each(instantsMs, (atMs) => durationsMs.map((forMs) => ({ kind, replica, atMs, forMs }))),
      );
    case 'pauseBeforeWrite':
      return each(replicas, (replica) =>
        each(orders, (order) => durationsMs.map((forMs) => ({ kind, replica, order, forMs }))),
      );
    case 'crash':
      return each(replicas, (replica) =>
        each(instantsMs, (atMs) =>
          [null, ...durationsMs].map((restartAfterMs) => ({ kind, replica, atMs, restartAfterMs })),
        ),
      );
    case 'clockJump':
      return each(
        space.clockNodes.map((_, index) => index),
        (node) =>
          each(instantsMs, (atMs) =>
            each(durationsMs, (ms) => [
              { kind, node, atMs, byMs: ms },
              { kind, node, atMs, byMs: -ms },
            ]),
          ),
      );
    case 'delayWrite':
      return each(replicas, (replica) =>
        each(orders, (order) => durationsMs.map((byMs) => ({ kind, replica, order, byMs }))),
      );
    case 'partition':
    case 'starveRenewer':
      return each(replicas, (replica) =>
        each(instantsMs, (fromMs) => durationsMs.map((lengthMs) => ({ kind, replica, fromMs, lengthMs }))),
      );
    case 'redisFailover':
    case 'expireLock':
      return instantsMs.map((atMs) => ({ kind, atMs }));
    case 'killSession':
      return each(replicas, (replica) => instantsMs.map((atMs) => ({ kind, replica, atMs })));
  }
}

/**
 * Where a fault sits in the alphabet's order: its instant, or -1 for a fault whose effect is
 * not bounded by an instant (the engine re-runs such a night from its start anyway).
 */
export function orderInstantMs(fault: SearchFault): number {
  switch (fault.kind) {
    case 'pauseBeforeWrite':
    case 'delayWrite':
    case 'clockJump':
      return -1;
    case 'partition':
    case 'starveRenewer':
      return fault.fromMs;
    default:
      return fault.atMs;
  }
}
