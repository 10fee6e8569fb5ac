/**
 * The PostgreSQL-like database `db` (DOMAIN.md §3.4, §5.2, §6): the ShedLock row with the lab's
 * `fencing_token`, the token sequence, the job's fence row, the orders, the ledger and
 * `recon_run`. Every method runs one statement (or one transaction) at one instant, records
 * what it ran through `record`, and returns the outcome. Transactions are instantaneous here, so
 * the fence row serialises writers exactly as READ COMMITTED re-evaluation does (F22).
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import { RUN_DATE } from './runDate';
import type { SqlStatement } from './sqlStatement';
import type { LockRowView, SqlNote } from './trace';

export type RecordSql = (statement: SqlStatement, rows: number, note: SqlNote) => void;

export type WriteOutcome = 'accepted' | 'stale' | 'duplicate';

/** invariant: the row exists from the start (six earlier nights used it). */
export interface LockRow {
  lockUntilMs: number;
  lockedAtMs: number;
  lockedBy: string;
  fencingToken: number;
}

export class Database {
  readonly lockRow: LockRow;
  /** `recon_fence.last_token` for the job. */
  jobLastToken: number;
  /** `nextval('recon_token_seq')` for the late-mint anti-pattern (S20). */
  tokenSequence: number;
  readonly rowLastToken: number[];
  readonly appliedCount: number[];
  readonly balanceDeltaCents: number[];
  runDone = false;
  /** The session holding the advisory lock (`advisory` kind), or null. */
  advisoryHolder: string | null = null;
  readonly #scenario: ResolvedScenario;

  constructor(scenario: ResolvedScenario) {
    this.#scenario = scenario;
    const last = scenario.storage.lastToken;
    // Last night's lease ended long ago: any acquisition tonight matches `lock_until <= now`.
    this.lockRow = { lockUntilMs: 0, lockedAtMs: 0, lockedBy: '', fencingToken: last };
    this.jobLastToken = last;
    this.tokenSequence = last;
    const count = scenario.job.items.length;
    this.rowLastToken = new Array<number>(count).fill(last);
    this.appliedCount = new Array<number>(count).fill(0);
    this.balanceDeltaCents = new Array<number>(count).fill(0);
  }

  lockRowView(withToken: boolean): LockRowView {
    const row = this.lockRow;
    return {
      lockUntilMs: row.lockUntilMs,
      lockedAtMs: row.lockedAtMs,
      lockedBy: row.lockedBy,
      fencingToken: withToken ? row.fencingToken : null,
    };
  }

  /** Item indices with no ledger row yet: the snapshot a LOAD step reads. */
  pendingItems(): number[] {
    const pending: number[] = [];
    for (let index = 0; index < this.appliedCount.length; index++) {
      if (this.appliedCount[index] === 0) pending.push(index);
    }
    return pending;
  }

  /** Step 1 of the fenced write, alone: `fenceOnAcquire` right after the grant (DOMAIN.md §6). */
  fenceJob(token: number | null, record: RecordSql): boolean {
    // `last_token <= NULL` is NULL in SQL: a write without a token never passes a fence.
    const ok = token !== null && this.jobLastToken <= token;
    record({ kind: 'fenceJob', token }, ok ? 1 : 0, ok ? 'fenced' : 'stale');
    if (ok) this.jobLastToken = token;
    return ok;
  }

  /** One item's write transaction (DOMAIN.md §6): fence, ledger insert, balance update, commit. */
  writeItem(itemIndex: number, token: number | null, record: RecordSql): WriteOutcome {
    const item = this.#scenario.job.items[itemIndex];
    if (!item) throw new Error(`write of unknown item ${itemIndex}`);
    const fencing = this.#scenario.storage.fencing;
    record({ kind: 'begin' }, 0, 'begun');
    const ok = fencing === 'off' || (token !== null && this.#fenceValue(fencing, itemIndex) <= token);
    if (fencing === 'job') record({ kind: 'fenceJob', token }, ok ? 1 : 0, ok ? 'fenced' : 'stale');
    if (fencing === 'row') record({ kind: 'fenceRow', order: item.order, token }, ok ? 1 : 0, ok ? 'fenced' : 'stale');
    if (!ok) {
      record({ kind: 'rollback' }, 0, 'rolledBack');
      return 'stale';
    }
    const ledger = {
      kind: 'insertLedger',
      order: item.order,
      amountCents: item.amountCents,
      token,
      runDate: RUN_DATE,
    } as const;
    if (this.#scenario.storage.uniqueKey && (this.appliedCount[itemIndex] ?? 0) > 0) {
      record(ledger, 0, 'duplicate');
      // The unique violation rolls back the whole transaction, fence update included.
      record({ kind: 'rollback' }, 0, 'rolledBack');
      return 'duplicate';
    }
    if (fencing === 'job' && token !== null) this.jobLastToken = token;
    if (fencing === 'row' && token !== null) this.rowLastToken[itemIndex] = token;
    record(ledger, 1, 'inserted');
    this.appliedCount[itemIndex] = (this.appliedCount[itemIndex] ?? 0) + 1;
    this.balanceDeltaCents[itemIndex] = (this.balanceDeltaCents[itemIndex] ?? 0) + item.amountCents;
    record({ kind: 'applyBalance', order: item.order, amountCents: item.amountCents }, 1, 'applied');
    record({ kind: 'commit' }, 0, 'committed');
    return 'accepted';
  }

  #fenceValue(fencing: 'job' | 'row', itemIndex: number): number {
    return fencing === 'job' ? this.jobLastToken : (this.rowLastToken[itemIndex] ?? 0);
  }
}
