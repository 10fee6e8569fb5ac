/**
 * How big a night is, as the shrinker measures it: a tuple compared left to right.
 * 1. how many events it adds to the file (a crash with its restart is two);
 * 2. its magnitudes in whole seconds, rounded up: every pause, delay, span and clock jump,
 *    and every instant counted from the window's start (so earlier is smaller);
 * 3. its roughness: how far each of those values is from a round number (a whole minute is
 *    0, ten seconds 1, a second 2, 100 ms 3, 10 ms 4, anything else 5);
 * 4. its choices: replica, order and clock node by their position (A before B).
 * Magnitudes count whole seconds so that rounding 3m20.437s to 3m21s is a step down (same
 * seconds, rounder), while no amount of rounding may lengthen a pause by a second. Every
 * step the shrinker takes makes this tuple smaller, so it ends, and never grows a night.
 * Pure.
 */
import { eventCountOf, type SearchFault, type SearchNight } from './searchFault';

export type NightSize = readonly [events: number, seconds: number, roughness: number, choices: number];

const ROUND_STEPS_MS = [60_000, 10_000, 1000, 100, 10] as const;

/** One numeric value of a fault, as the size and the shrinker see it. */
export interface FaultValue {
  /** ms: a duration or magnitude, or an instant of the night (true time). */
  readonly ms: number;
  /** Instants are measured from the window's start; their roughness is on the clock. */
  readonly isInstant: boolean;
}

export function nightSize(night: SearchNight, windowFromMs: number): NightSize {
  let events = 0;
  let seconds = 0;
  let roughness = 0;
  let choices = 0;
  for (const fault of night) {
    events += eventCountOf(fault);
    for (const value of faultValues(fault)) {
      seconds += Math.ceil((value.isInstant ? value.ms - windowFromMs : value.ms) / 1000);
      roughness += roughnessOf(value.ms);
    }
    choices += choicesOf(fault);
  }
  return [events, seconds, roughness, choices];
}

/** Negative when `a` is the smaller night, 0 when the same size, positive when larger. */
export function compareSize(a: NightSize, b: NightSize): number {
  for (let index = 0; index < a.length; index++) {
    const difference = (a[index] as number) - (b[index] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** 0 for a whole minute, up to 5 for a value not on any round step. */
export function roughnessOf(ms: number): number {
  const level = ROUND_STEPS_MS.findIndex((stepMs) => ms % stepMs === 0);
  return level === -1 ? ROUND_STEPS_MS.length : level;
}

/** The round steps the shrinker snaps values to, coarsest first. */
export const ROUND_STEPS: readonly number[] = ROUND_STEPS_MS;

/** The numeric values of a fault that count towards its size (a clock jump by its magnitude). */
export function faultValues(fault: SearchFault): FaultValue[] {
  const instant = (ms: number): FaultValue => ({ ms, isInstant: true });
  const span = (ms: number): FaultValue => ({ ms: Math.abs(ms), isInstant: false });
  switch (fault.kind) {
    case 'pause':
      return [instant(fault.atMs), span(fault.forMs)];
    case 'pauseBeforeWrite':
      return [span(fault.forMs)];
    case 'crash':
      return fault.restartAfterMs === null ? [instant(fault.atMs)] : [instant(fault.atMs), span(fault.restartAfterMs)];
    case 'clockJump':
      return [instant(fault.atMs), span(fault.byMs)];
    case 'delayWrite':
      return [span(fault.byMs)];
    case 'partition':
    case 'starveRenewer':
      return [instant(fault.fromMs), span(fault.lengthMs)];
    case 'redisFailover':
    case 'expireLock':
    case 'killSession':
      return [instant(fault.atMs)];
  }
}

function choicesOf(fault: SearchFault): number {
  switch (fault.kind) {
    case 'pauseBeforeWrite':
    case 'delayWrite':
      return fault.replica + fault.order;
    case 'clockJump':
      return fault.node;
    case 'redisFailover':
    case 'expireLock':
      return 0;
    default:
      return fault.replica;
  }
}
