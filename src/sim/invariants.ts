/**
 * The invariants checked once the night is over (docs/model.md §8): I1 lock-view exclusivity from
 * the grants' intended validity, I2 zombie windows, I3 double applies, I5 tokens following
 * grants and I6 liveness. I4 is checked as writes are accepted, I7 before the night starts.
 */
import type { NodeClock } from './nodeClock';
import type { GrantRecord, Violation, ZombieWindow } from './trace';

/**
 * The grants with `intendedEndMs` filled: when each `lock_until` falls due on the clock that
 * computed it. New records: the simulation's own are never changed in place (checkpoints).
 */
export function resolveIntendedEnds(
  grants: readonly GrantRecord[],
  clockOf: (node: string) => NodeClock,
): GrantRecord[] {
  return grants.map((grant) => ({
    ...grant,
    intendedEndMs: clockOf(grant.clockNode).trueTimeWhenWallReaches(grant.untilClockMs, grant.grantMs),
  }));
}

/** The end of a grant's validity: release or forced expiry, or its intended expiry. */
export function validUntilMs(grant: GrantRecord): number {
  return grant.endMs === null ? grant.intendedEndMs : Math.min(grant.endMs, grant.intendedEndMs);
}

/**
 * I1: no two grants whose validity intervals overlap. Each grant is compared with the earlier
 * ones still valid when it was granted, in grant order. Grants are logged as they are made,
 * so their instants never fall, and a grant no longer valid at one grant's instant is valid
 * at no later one: it leaves the list of those still valid for good. A night of hundreds of
 * grants (the large night has 689) then compares a few pairs per grant instead of every pair.
 * Were the instants ever to fall, nothing leaves the list and every pair is compared.
 */
export function checkExclusivity(grants: readonly GrantRecord[]): Violation[] {
  const violations: Violation[] = [];
  const untilMs = grants.map(validUntilMs);
  const inTimeOrder = grants.every(
    (grant, index) => index === 0 || grant.grantMs >= (grants[index - 1] as GrantRecord).grantMs,
  );
  let stillValid: number[] = [];
  for (let later = 0; later < grants.length; later++) {
    const second = grants[later] as GrantRecord;
    const secondUntilMs = untilMs[later] as number;
    if (inTimeOrder) stillValid = stillValid.filter((earlier) => (untilMs[earlier] as number) > second.grantMs);
    if (secondUntilMs > second.grantMs) {
      for (const earlier of stillValid) {
        if ((untilMs[earlier] as number) <= second.grantMs) continue;
        const first = grants[earlier] as GrantRecord;
        const overlapMs = Math.min(untilMs[earlier] as number, secondUntilMs) - second.grantMs;
        if (overlapMs > 0) {
          violations.push({
            invariant: 'I1',
            atMs: second.grantMs,
            message: { key: 'lockOverlap', first: first.replica, second: second.replica, overlapMs },
          });
        }
      }
    }
    stillValid.push(later);
  }
  return violations;
}

export function zombieViolations(windows: readonly ZombieWindow[]): Violation[] {
  return windows.map((window) => ({
    invariant: 'I2' as const,
    atMs: window.fromMs,
    message: {
      key: 'zombieWindow' as const,
      zombies: window.zombies,
      takers: window.takers,
      durationMs: window.toMs - window.fromMs,
    },
  }));
}

/** I3: every item applied at most once; reported at its second application. */
export function doubleApplyViolations(
  orders: readonly number[],
  appliedAtMs: readonly (readonly number[])[],
  unit: 'order' | 'row' | 'email' = 'order',
): Violation[] {
  const violations: Violation[] = [];
  appliedAtMs.forEach((times, index) => {
    const secondMs = times[1];
    if (secondMs === undefined) return;
    violations.push({
      invariant: 'I3',
      atMs: secondMs,
      message: { key: 'appliedTimes', order: orders[index] ?? 0, times: times.length, unit },
    });
  });
  return violations;
}

/** I5: each grant's token is greater than every earlier grant's token. */
export function tokenOrderViolations(grants: readonly GrantRecord[]): Violation[] {
  const violations: Violation[] = [];
  let highest: number | null = null;
  for (const grant of grants) {
    if (grant.token === null) continue;
    if (highest !== null && grant.token <= highest) {
      violations.push({
        invariant: 'I5',
        atMs: grant.tokenMs ?? grant.grantMs,
        message: { key: 'tokenNotIncreasing', replica: grant.replica, token: grant.token, previous: highest },
      });
    }
    highest = highest === null ? grant.token : Math.max(highest, grant.token);
  }
  return violations;
}
