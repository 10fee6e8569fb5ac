/**
 * The smaller nights the shrinker tries next, most promising first: without one of the
 * faults; a crash without its restart; each value lowered (straight to its least, then
 * halfway, a quarter of the way... in whole seconds, as fast-check lowers integers); each
 * value snapped to a round step (a minute, 10 s, 1 s, 100 ms, 10 ms, down or up); an earlier
 * replica, order or clock node. Only candidates that stay inside the window are produced;
 * the shrinker keeps those whose size (`nightSize.ts`) is smaller. Pure and lazy.
 */
import { faultValues, ROUND_STEPS } from './nightSize';
import type { SearchFault, SearchNight } from './searchFault';

export interface NightBounds {
  readonly windowFromMs: number;
  /** The last instant of the window (window.to - 1 ms): every fault ends by then. */
  readonly lastMs: number;
}

const SECOND_MS = 1000;

export function* shrinkCandidates(night: SearchNight, bounds: NightBounds): Generator<SearchNight> {
  for (let index = 0; index < night.length; index++) {
    if (night.length > 1) yield night.filter((_, other) => other !== index);
  }
  for (let index = 0; index < night.length; index++) {
    const fault = night[index] as SearchFault;
    if (fault.kind === 'crash' && fault.restartAfterMs !== null) {
      yield replaced(night, index, { ...fault, restartAfterMs: null });
    }
  }
  for (let index = 0; index < night.length; index++) {
    const fault = night[index] as SearchFault;
    const values = faultValues(fault);
    for (let field = 0; field < values.length; field++) {
      const value = values[field] as (typeof values)[number];
      const leastMs = value.isInstant ? bounds.windowFromMs : 1;
      for (const ms of [...lowered(value.ms, leastMs), ...rounded(value.ms)]) {
        if (ms < leastMs) continue;
        const candidate = withValue(fault, field, ms);
        if (fitsWindow(candidate, bounds)) yield replaced(night, index, candidate);
      }
    }
    for (const choice of earlierChoices(fault)) yield replaced(night, index, choice);
  }
}

/** Every fault's instants and ends inside the window. */
export function fitsWindow(fault: SearchFault, bounds: NightBounds): boolean {
  const inside = (ms: number) => ms >= bounds.windowFromMs && ms <= bounds.lastMs;
  switch (fault.kind) {
    case 'pause':
    case 'clockJump':
    case 'redisFailover':
    case 'expireLock':
    case 'killSession':
      return inside(fault.atMs);
    case 'crash':
      return inside(fault.atMs) && (fault.restartAfterMs === null || inside(fault.atMs + fault.restartAfterMs));
    case 'partition':
    case 'starveRenewer':
      return inside(fault.fromMs) && fault.lengthMs >= 1 && inside(fault.fromMs + fault.lengthMs);
    case 'pauseBeforeWrite':
    case 'delayWrite':
      return true;
  }
}

/** `least`, then ever closer to `ms` by halves, on whole seconds where `ms` is a second or more away. */
function lowered(ms: number, leastMs: number): number[] {
  const values: number[] = [];
  let gapMs = ms - leastMs;
  while (gapMs >= 1) {
    const candidateMs = ms - gapMs;
    values.push(candidateMs >= SECOND_MS ? Math.floor(candidateMs / SECOND_MS) * SECOND_MS : candidateMs);
    gapMs = Math.floor(gapMs / 2);
  }
  return [...new Set(values)].filter((value) => value < ms);
}

function rounded(ms: number): number[] {
  const values: number[] = [];
  for (const stepMs of ROUND_STEPS) {
    values.push(Math.floor(ms / stepMs) * stepMs, Math.ceil(ms / stepMs) * stepMs);
  }
  return [...new Set(values)].filter((value) => value !== ms);
}

/** The fault with its `field`-th value (in `faultValues` order) set to `ms`. */
function withValue(fault: SearchFault, field: number, ms: number): SearchFault {
  switch (fault.kind) {
    case 'pause':
      return field === 0 ? { ...fault, atMs: ms } : { ...fault, forMs: ms };
    case 'pauseBeforeWrite':
      return { ...fault, forMs: ms };
    case 'crash':
      return field === 0 ? { ...fault, atMs: ms } : { ...fault, restartAfterMs: ms };
    case 'clockJump':
      return field === 0 ? { ...fault, atMs: ms } : { ...fault, byMs: Math.sign(fault.byMs) * ms };
    case 'delayWrite':
      return { ...fault, byMs: ms };
    case 'partition':
    case 'starveRenewer':
      return field === 0 ? { ...fault, fromMs: ms } : { ...fault, lengthMs: ms };
    case 'redisFailover':
    case 'expireLock':
    case 'killSession':
      return { ...fault, atMs: ms };
  }
}

function* earlierChoices(fault: SearchFault): Generator<SearchFault> {
  if ('replica' in fault) for (let replica = 0; replica < fault.replica; replica++) yield { ...fault, replica };
  if ('order' in fault) for (let order = 0; order < fault.order; order++) yield { ...fault, order };
  if (fault.kind === 'clockJump') for (let node = 0; node < fault.node; node++) yield { ...fault, node };
}

function replaced(night: SearchNight, index: number, fault: SearchFault): SearchNight {
  return night.map((other, position) => (position === index ? fault : other));
}
