/**
 * What the verdict sentence says, as data (the component translates it). Pure.
 * Unsafe (FORMAT.md: an item applied more than once, I3, or an accepted token lower than one
 * accepted before, I4) names the first doubly-applied order and every write that applied it,
 * the one that made it double first: "Unsafe: order 1003 applied twice, by A with token 7 at
 * 02:07:50 and by B with token 8 at 02:06:00". Safe says what fencing rejected, if anything.
 */
import type { Trace, WriteRecord } from '../sim/trace';

export interface VerdictWrite {
  readonly replica: string;
  readonly token: number | null;
  readonly atSecondMs: number;
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
  | { readonly kind: 'safe'; readonly rejected: VerdictWrite | null; readonly runMissed: boolean };

export function verdictData(trace: Trace): VerdictData {
  const doubled = firstDoubleApplied(trace);
  if (doubled) return doubled;
  for (const violation of trace.violations) {
    if (violation.message.key === 'tokenWentDown') {
      const { replica, token, highest } = violation.message;
      return { kind: 'staleAccepted', replica, token, highest };
    }
  }
  const stale = trace.writes.find((write) => write.result === 'stale');
  return {
    kind: 'safe',
    rejected: stale ? toVerdictWrite(stale) : null,
    runMissed: trace.violations.some((violation) => violation.invariant === 'I6'),
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
  // The latest write is the one that broke the night: name it first.
  const ordered = [...writes].sort((a, b) => b.atMs - a.atMs).map(toVerdictWrite);
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

/** The second at which storage applied the write (where its marker sits), for the sentence. */
function toVerdictWrite(write: WriteRecord): VerdictWrite {
  return { replica: write.replica, token: write.token, atSecondMs: Math.floor(write.atMs / 1000) * 1000 };
}
