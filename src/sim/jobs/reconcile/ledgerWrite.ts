/**
 * One order's write transaction (docs/model.md §6): fence, ledger insert, balance update, commit.
 * The transaction is instantaneous, so the fence row serialises writers exactly as READ
 * COMMITTED re-evaluation does (F22).
 */
import type { ResolvedScenario } from '../../../model/resolvedScenario';
import type { Database, RecordSql, WriteOutcome } from '../../database';
import { RUN_DATE } from '../../runDate';

type LedgerTables = Pick<Database, 'jobLastToken' | 'rowLastToken' | 'appliedCount' | 'balanceDeltaCents'>;

export function writeLedger(
  db: LedgerTables,
  scenario: Pick<ResolvedScenario, 'job' | 'storage'>,
  itemIndex: number,
  token: number | null,
  record: RecordSql,
): WriteOutcome {
  const item = scenario.job.items[itemIndex];
  if (!item) throw new Error(`write of unknown item ${itemIndex}`);
  const fencing = scenario.storage.fencing;
  record({ kind: 'begin' }, 0, 'begun');
  const fenceValue = fencing === 'job' ? db.jobLastToken : (db.rowLastToken[itemIndex] ?? 0);
  const ok = fencing === 'off' || (token !== null && fenceValue <= token);
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
  if (scenario.storage.uniqueKey && (db.appliedCount[itemIndex] ?? 0) > 0) {
    record(ledger, 0, 'duplicate');
    // The unique violation rolls back the whole transaction, fence update included.
    record({ kind: 'rollback' }, 0, 'rolledBack');
    return 'duplicate';
  }
  if (fencing === 'job' && token !== null) db.jobLastToken = token;
  if (fencing === 'row' && token !== null) db.rowLastToken[itemIndex] = token;
  record(ledger, 1, 'inserted');
  db.appliedCount[itemIndex] = (db.appliedCount[itemIndex] ?? 0) + 1;
  db.balanceDeltaCents[itemIndex] = (db.balanceDeltaCents[itemIndex] ?? 0) + item.amountCents;
  record({ kind: 'applyBalance', order: item.order, amountCents: item.amountCents }, 1, 'applied');
  record({ kind: 'commit' }, 0, 'committed');
  return 'accepted';
}
