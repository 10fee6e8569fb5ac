/**
 * The PostgreSQL-like database `db` (DOMAIN.md §3.4, §5.2, §6): the ShedLock row with the lab's
 * `fencing_token`, the token sequence, the job's fence row, the orders, the ledger and
 * `recon_run`. Every method runs one statement at one instant, records what it ran through
 * `record`, and returns the outcome. The jobs write their items through these tables (the
 * reconciliation's transaction is `jobs/reconcile/ledgerWrite.ts`); a job's tables of its
 * own (the outbox) are the job's state (`Simulation.jobState`).
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
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
  constructor(scenario: ResolvedScenario) {
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
}
