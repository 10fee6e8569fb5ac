/**
 * The lock lane: one lease bar per grant, from the grant to the moment it stopped being valid
 * (forced expiry, release, or `lock_until` falling due), labelled `A · token 7` where the
 * name has room (layoutLeaseLabels.ts), with its end as a drag handle; and under the bars the
 * `shedlock` row as the database had it, state by
 * state, so the row at any instant can be read (`lockRowAt`). Pure, O(grants + entries).
 */
import type { Trace } from '../sim/trace';
import type { Describe } from './describeDefaults';
import type { LaneGeometry, LeaseBar, LockRowSpan } from './geometry';
import type { LayoutContext } from './layoutContext';
import { lowerBand, mainBand } from './layoutLanes';
import { placeLeaseLabels } from './layoutLeaseLabels';
import { validUntilMs } from './leases';
import { formatTime } from './timeText';

/** Pure: lease bars, culled to the viewport (the end handle of a bar ending in view stays). */
export function layoutLeases(trace: Trace, lane: LaneGeometry, context: LayoutContext, fontPx: number): LeaseBar[] {
  const band = mainBand(lane);
  const bars: Omit<LeaseBar, 'labelX'>[] = [];
  for (const grant of trace.grants) {
    const endMs = validUntilMs(grant);
    if (!context.visible(grant.grantMs, endMs)) continue;
    const label =
      grant.token === null
        ? context.describe('lease.noToken', { replica: grant.replica })
        : context.describe('lease.token', { replica: grant.replica, token: grant.token });
    const x = context.clipX(grant.grantMs);
    bars.push({
      key: `grant:${grant.grantId}`,
      laneId: lane.id,
      fromMs: grant.grantMs,
      toMs: endMs,
      x,
      width: Math.max(1, context.clipX(endMs) - x),
      y: band.y,
      height: band.height,
      grantId: grant.grantId,
      replica: grant.replica,
      token: grant.token,
      grantMs: grant.grantMs,
      endMs,
      endReason: grant.endReason,
      endX: context.x(endMs),
      label,
      endAriaLabel: context.describe('leaseEnd.label', { lease: label }),
      endValueText: formatTime(endMs),
    });
  }
  return placeLeaseLabels(bars, fontPx);
}

/** Pure: every state of the `shedlock` row, from each change to the next (not culled). */
export function layoutLockRows(trace: Trace, lane: LaneGeometry, context: LayoutContext): LockRowSpan[] {
  const band = lowerBand(lane);
  const spans: LockRowSpan[] = [];
  let open: { row: LockRowSpan['row']; fromMs: number } | null = null;
  const close = (toMs: number) => {
    if (!open || toMs < open.fromMs) return;
    const x = context.clipX(open.fromMs);
    const row = open.row;
    spans.push({
      key: `row:${spans.length}`,
      index: spans.length,
      laneId: lane.id,
      fromMs: open.fromMs,
      toMs,
      x,
      width: Math.max(0, context.clipX(toMs) - x),
      y: band.y,
      height: band.height,
      row,
    });
  };
  for (const entry of trace.entries) {
    if (entry.kind !== 'lockRow') continue;
    close(entry.atMs);
    open = { row: entry.row, fromMs: entry.atMs };
  }
  close(Math.max(context.nightEndMs, open?.fromMs ?? 0));
  return spans;
}

/**
 * Pure: the row in words, `lock_until 02:07:10.003, locked_by orders-1, fencing_token 8`, for
 * the readout at the playhead (not stored per span: a 12-hour night has thousands of them).
 */
export function describeLockRow(row: LockRowSpan['row'], describeText: Describe): string {
  return describeText('lockRow.held', {
    until: formatTime(row.lockUntilMs),
    lockedBy: row.lockedBy,
    token: row.fencingToken ?? '',
  });
}

/** Pure: the lock-row state at true time `ms` (the last change at or before it), or null. */
export function lockRowAt(spans: readonly LockRowSpan[], ms: number): LockRowSpan | null {
  return lastAtOrBefore(spans, ms);
}

/** Binary search over spans sorted by `fromMs`. */
export function lastAtOrBefore<T extends { readonly fromMs: number }>(items: readonly T[], ms: number): T | null {
  let low = 0;
  let high = items.length - 1;
  let found: T | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const item = items[middle];
    if (item === undefined) break;
    if (item.fromMs <= ms) {
      found = item;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
