/**
 * What of a night's added faults is still to come at an instant, as a short key: with the
 * state at that instant (`sim/checkpoints/futureKey.ts`), all a night's future depends on.
 * Pause, crash, restart, killed session, forced expiry and failover are agenda items at
 * their instant: once past, their effect is in the state. Partitions, starved renewers, clock
 * jumps and a write's pause or delay are read by the engine from the scenario as the night
 * goes (its fault plan, its clocks): they count whole, wherever they sit. Pure.
 */
import type { SearchFault } from '../search/searchFault';

/** The fault's events at or after `atMs`, as a key; '' when none is left. */
export function remainingEventsKey(fault: SearchFault, atMs: number): string {
  switch (fault.kind) {
    case 'pause':
      return fault.atMs >= atMs ? `p${fault.replica}@${fault.atMs}+${fault.forMs}` : '';
    case 'crash': {
      const crash = fault.atMs >= atMs ? `c${fault.replica}@${fault.atMs}` : '';
      const restartMs = fault.restartAfterMs === null ? null : fault.atMs + fault.restartAfterMs;
      const restart = restartMs !== null && restartMs >= atMs ? `r${fault.replica}@${restartMs}` : '';
      return crash + restart;
    }
    case 'killSession':
      return fault.atMs >= atMs ? `k${fault.replica}@${fault.atMs}` : '';
    case 'expireLock':
      return fault.atMs >= atMs ? `e@${fault.atMs}` : '';
    case 'redisFailover':
      return fault.atMs >= atMs ? `f@${fault.atMs}` : '';
    default:
      return JSON.stringify(fault);
  }
}

/**
 * Whether a night whose last fault is `fault` can be merged at the fault's instant: its
 * effect starts there (`sim/checkpoints/editReach.ts`). A partition reaches back before its
 * start (a request sent earlier arrives inside it); a clock jump, a write's pause or delay
 * have no instant.
 */
export function startsAtItsInstant(fault: SearchFault): boolean {
  return !['partition', 'clockJump', 'pauseBeforeWrite', 'delayWrite'].includes(fault.kind);
}
