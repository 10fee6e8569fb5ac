/**
 * Where the measured night (what PostgreSQL answered in `leaseline lab`) and the simulated
 * night of the same configuration agree and where they differ, on the facts the lab judges:
 * the tokens granted, the orders applied more than once, the stale writes turned away, the
 * verdict. Pure; the app words it.
 */
import type { MeasuredReport } from '../../model/measuredNight';
import type { CheckReport } from './checkReportTypes';

export interface ComparedFact<T> {
  readonly measured: T;
  readonly simulated: T;
  readonly same: boolean;
}

export interface NightComparison {
  /** Tokens of the grants in grant order (null where the lock has no token). */
  readonly tokens: ComparedFact<readonly (number | null)[]>;
  /** Orders applied more than once, ascending. */
  readonly twice: ComparedFact<readonly number[]>;
  /** How many writes the fence turned away. */
  readonly stale: ComparedFact<number>;
  readonly safe: ComparedFact<boolean>;
  /**
   * Whether the measured night was the acceptance test at all: `incomplete` (a step of it did
   * not happen) and `no-pause` (nothing was paused) say nothing about safety, whatever `safe`
   * says; `tested` for a lab report that has every step, or one written before the lab judged steps.
   */
  readonly measuredTest: 'tested' | 'incomplete' | 'no-pause';
}

function fact<T>(measured: T, simulated: T): ComparedFact<T> {
  return { measured, simulated, same: JSON.stringify(measured) === JSON.stringify(simulated) };
}

export function compareNights(measured: MeasuredReport, simulated: CheckReport): NightComparison {
  const orders = (report: { readonly doubleApplied: readonly { readonly order: number }[] }) =>
    report.doubleApplied.map((entry) => entry.order).sort((a, b) => a - b);
  const stale = (report: { readonly writes: readonly { readonly result: string }[] }) =>
    report.writes.filter((write) => write.result === 'stale').length;
  return {
    tokens: fact(
      measured.grants.map((grant) => grant.token),
      simulated.grants.map((grant) => grant.token),
    ),
    twice: fact(orders(measured), orders(simulated)),
    stale: fact(stale(measured), stale(simulated)),
    safe: fact(measured.safe, simulated.safe),
    measuredTest: measured.verdict === 'incomplete' || measured.verdict === 'no-pause' ? measured.verdict : 'tested',
  };
}
