/**
 * Where a short job's night happens. The outbox relay, the digest and the cleanup do their work
 * in a few seconds of a window that lasts minutes, so drawn whole their night is a sliver at
 * the left edge; they open zoomed to their action instead. Pure.
 */
import type { ResolvedJob } from '../model/resolvedScenario';
import type { Trace } from '../sim/trace';

/** The jobs whose work is short against their window. */
const SHORT_JOBS: ReadonlySet<ResolvedJob['kind']> = new Set(['outbox', 'digest', 'cleanup']);
/** Room either side of the action, as a share of its length, and the narrowest view. */
const PADDING_SHARE = 0.2;
const MIN_SPAN_MS = 2_000;

export interface ActionSpan {
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * Pure: the opening view of a short job's night: from its first piece of machine work to its
 * last write, crash or restart (a relay that goes on polling an empty table is not action),
 * padded, inside the window; null for every other job, and for a night whose action already
 * spans most of the window.
 */
export function actionSpan(trace: Trace, jobKind: ResolvedJob['kind']): ActionSpan | null {
  if (!SHORT_JOBS.has(jobKind)) return null;
  let firstMs = Number.POSITIVE_INFINITY;
  let lastMs = Number.NEGATIVE_INFINITY;
  let lastActivityMs = Number.NEGATIVE_INFINITY;
  for (const entry of trace.entries) {
    if (entry.kind === 'activity') {
      if (entry.to !== 'idle' && entry.atMs < firstMs) firstMs = entry.atMs;
      lastActivityMs = Math.max(lastActivityMs, entry.atMs);
    } else if (entry.kind === 'process') lastMs = Math.max(lastMs, entry.atMs);
  }
  for (const write of trace.writes) lastMs = Math.max(lastMs, write.atMs);
  // A night with no write and no crash: its machine work is all the action there is.
  if (!Number.isFinite(lastMs)) lastMs = lastActivityMs;
  if (!Number.isFinite(firstMs) || !Number.isFinite(lastMs)) return null;
  const windowMs = trace.windowToMs - trace.windowFromMs;
  const paddingMs = Math.max(MIN_SPAN_MS / 2, (lastMs - firstMs) * PADDING_SHARE);
  const fromMs = Math.max(trace.windowFromMs, Math.floor(firstMs - paddingMs));
  const toMs = Math.min(trace.windowToMs, Math.ceil(lastMs + paddingMs));
  if (toMs - fromMs >= windowMs * 0.6) return null;
  return { fromMs, toMs };
}
