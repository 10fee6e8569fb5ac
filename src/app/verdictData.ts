/**
 * What the verdict sentence says, as data (the component translates it). Pure.
 * Unsafe (docs/scenario-format.md: an item applied more than once, I3, or an accepted token lower than one
 * accepted before, I4) names the first doubly-applied item and every write that applied it,
 * in the order they happened, as a story is told: "Unsafe: order 1003 applied twice, by B
 * with token 8 at 02:06:00 and by A with token 7 at 02:07:50". Safe says what fencing
 * rejected, if anything, and whether the job's work was left undone (I6, in the job's terms).
 */
import type { JobKind } from '../model/resolvedScenario';
import type { Trace, WriteRecord } from '../sim/trace';

export interface VerdictWrite {
  readonly replica: string;
  readonly token: number | null;
  /** When storage decided the write (exact; the sentence rounds it, model/spokenTime). */
  readonly atMs: number;
}

/** I6: how many of the job's items were left undone at the window's end. */
export interface VerdictMissed {
  readonly left: number;
  readonly total: number;
}

export type VerdictData =
  | {
      readonly kind: 'doubleApplied';
      /** `row`: an outbox row published more than once (`order` holds the row id). */
      readonly unit: 'order' | 'row' | 'email';
      readonly order: number;
      readonly times: number;
      readonly writes: readonly VerdictWrite[];
      readonly moreOrders: number;
    }
  | { readonly kind: 'staleAccepted'; readonly replica: string; readonly token: number; readonly highest: number }
  | {
      readonly kind: 'safe';
      readonly job: JobKind;
      readonly rejected: VerdictWrite | null;
      readonly missed: VerdictMissed | null;
    };

export function verdictData(trace: Trace, job: JobKind): VerdictData {
  const doubled = firstDoubleApplied(trace);
  if (doubled) return doubled;
  for (const violation of trace.violations) {
    if (violation.message.key === 'tokenWentDown') {
      const { replica, token, highest } = violation.message;
      return { kind: 'staleAccepted', replica, token, highest };
    }
  }
  const stale = trace.writes.find((write) => write.result === 'stale');
  const missed = trace.violations.find((violation) => violation.message.key === 'runMissed')?.message;
  return {
    kind: 'safe',
    job,
    rejected: stale ? toVerdictWrite(stale) : null,
    missed: missed?.key === 'runMissed' ? { left: missed.left, total: missed.total } : null,
  };
}

function firstDoubleApplied(trace: Trace): VerdictData | null {
  const accepted = new Map<number, WriteRecord[]>();
  let first: { order: number; atMs: number } | null = null;
  for (const write of trace.writes) {
    if (write.result !== 'accepted') continue;
    const writes = accepted.get(write.order) ?? [];
    writes.push(write);
    accepted.set(write.order, writes);
    if (writes.length === 2 && (first === null || write.atMs < first.atMs))
      first = { order: write.order, atMs: write.atMs };
  }
  if (first === null) return null;
  const writes = accepted.get(first.order) ?? [];
  const doubledOrders = [...accepted.values()].filter((list) => list.length > 1).length;
  // In the order storage decided them: the earlier write first, then the one that doubled it.
  const ordered = [...writes].sort((a, b) => a.atMs - b.atMs).map(toVerdictWrite);
  const applied = trace.violations.find((violation) => violation.message.key === 'appliedTimes')?.message;
  return {
    kind: 'doubleApplied',
    unit: applied?.key === 'appliedTimes' ? applied.unit : 'order',
    order: first.order,
    times: writes.length,
    writes: ordered,
    moreOrders: doubledOrders - 1,
  };
}

function toVerdictWrite(write: WriteRecord): VerdictWrite {
  return { replica: write.replica, token: write.token, atMs: write.atMs };
}
