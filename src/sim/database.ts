/**
 * The PostgreSQL-like database `db` (docs/model.md §3.4, §5.2, §6): the ShedLock row with the lab's
 * `fencing_token`, the token sequence, the job's fence row, the orders, the ledger and
 * `recon_run`, as plain data. Each function runs one statement at one instant, records what it ran through
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

/** The database's tables, as plain data (the functions below run statements on them). */
export interface Database {
  readonly lockRow: LockRow;
  /** `recon_fence.last_token` for the job. */
  jobLastToken: number;
  /** `nextval('recon_token_seq')` for the late-mint anti-pattern (S20). */
  tokenSequence: number;
  readonly rowLastToken: number[];
  readonly appliedCount: number[];
  readonly balanceDeltaCents: number[];
  runDone: boolean;
  /** The session holding the advisory lock (`advisory` kind), or null. */
  advisoryHolder: string | null;
}

/** The database at the night's start. */
export function newDatabase(scenario: ResolvedScenario): Database {
  const last = scenario.storage.lastToken;
  const count = scenario.job.items.length;
  return {
    // Last night's lease ended long ago: any acquisition tonight matches `lock_until <= now`.
    lockRow: { lockUntilMs: 0, lockedAtMs: 0, lockedBy: '', fencingToken: last },
    jobLastToken: last,
    tokenSequence: last,
    rowLastToken: new Array<number>(count).fill(last),
    appliedCount: new Array<number>(count).fill(0),
    balanceDeltaCents: new Array<number>(count).fill(0),
    runDone: false,
    advisoryHolder: null,
  };
}

/** A copy no later statement changes (a checkpoint's World): the row and the arrays copied. */
export function copyDatabase(db: Database): Database {
  return {
    ...db,
    lockRow: { ...db.lockRow },
    rowLastToken: db.rowLastToken.slice(),
    appliedCount: db.appliedCount.slice(),
    balanceDeltaCents: db.balanceDeltaCents.slice(),
  };
}

export function lockRowView(db: Pick<Database, 'lockRow'>, withToken: boolean): LockRowView {
  const row = db.lockRow;
  return {
    lockUntilMs: row.lockUntilMs,
    lockedAtMs: row.lockedAtMs,
    lockedBy: row.lockedBy,
    fencingToken: withToken ? row.fencingToken : null,
  };
}

/** Item indices with no ledger row yet: the snapshot a LOAD step reads. */
export function pendingItems(db: Pick<Database, 'appliedCount'>): number[] {
  const pending: number[] = [];
  for (let index = 0; index < db.appliedCount.length; index++) {
    if (db.appliedCount[index] === 0) pending.push(index);
  }
  return pending;
}

/** Step 1 of the fenced write, alone: `fenceOnAcquire` right after the grant (docs/model.md §6). */
export function fenceJob(db: Pick<Database, 'jobLastToken'>, token: number | null, record: RecordSql): boolean {
  // `last_token <= NULL` is NULL in SQL: a write without a token never passes a fence.
  const ok = token !== null && db.jobLastToken <= token;
  record({ kind: 'fenceJob', token }, ok ? 1 : 0, ok ? 'fenced' : 'stale');
  if (ok) db.jobLastToken = token;
  return ok;
}
