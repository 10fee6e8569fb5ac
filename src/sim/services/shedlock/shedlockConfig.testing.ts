/** Test fixture: a ShedLock configuration (5 minutes at most, database time, a token at the grant), with `overrides`. */
import type { ShedlockConfig } from '../../../model/resolvedScenario';

export const MINUTE_MS = 60_000;

export function shedlock(overrides: Partial<ShedlockConfig> = {}): ShedlockConfig {
  return {
    kind: 'shedlock',
    lockAtMostForMs: 5 * MINUTE_MS,
    lockAtLeastForMs: 0,
    time: 'db',
    token: true,
    tokenMint: 'grant',
    keepAlive: false,
    ...overrides,
  };
}
