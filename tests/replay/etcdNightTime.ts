/**
 * How the etcd replay spends real time (replayEtcdNight.ts). etcd expires a lease on its own
 * clock, in whole seconds, so the night's time cannot be skipped where a lease lapses; a night
 * of minutes cannot be waited out either. So the replay waits only inside each **lapse**: from
 * the moment the session the trace says expired last refreshed its lease (its expiry minus the
 * session TTL) to its expiry. There the night's time runs at `scale` (the replay's whole-second
 * lease TTL over the night's TTL: a 10 s session replayed with 3 s leases runs 0.3 times as
 * fast); outside every lapse no real time is spent at all.
 *
 * This keeps expiries in the night's order: every session has the same TTL, scaled alike, so
 * within a lapse the lapsing lease's age, and the ages of the leases kept alive beside it,
 * stay in the night's proportions; the requests before the expiry go out before the lapsing
 * lease's scaled TTL is reached (`sendBy` pulls the last ones a guard earlier still, since etcd
 * may expire a lease the moment its TTL is up), and nothing after the expiry is sent until etcd
 * has expired it itself. Outside the lapses leases only get younger than the night's: requests
 * come sooner, never later. Pure.
 */

export interface Lapse {
  readonly fromMs: number;
  readonly toMs: number;
}

/** The lapses of a night: each non-revoked expiry at `atMs` lapses over the TTL before it. */
export function lapsesOf(expiriesAtMs: readonly number[], sessionTtlMs: number): Lapse[] {
  return expiriesAtMs.map((atMs) => ({ fromMs: atMs - sessionTtlMs, toMs: atMs }));
}

/** Night ms in (fromMs, toMs] that lie within some lapse (overlapping lapses count once). */
export function lapsedMsBetween(lapses: readonly Lapse[], fromMs: number, toMs: number): number {
  const sorted = [...lapses].sort((a, b) => a.fromMs - b.fromMs);
  let total = 0;
  let coveredToMs = fromMs;
  for (const lapse of sorted) {
    const start = Math.max(lapse.fromMs, coveredToMs);
    const end = Math.min(lapse.toMs, toMs);
    if (end > start) {
      total += end - start;
      coveredToMs = end;
    }
  }
  return total;
}

/** The real ms since the replay's start at which the request at night `atMs` is due. */
export function dueRealMs(lapses: readonly Lapse[], nightStartMs: number, atMs: number, scale: number): number {
  return lapsedMsBetween(lapses, nightStartMs, atMs) * scale;
}
