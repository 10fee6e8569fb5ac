/**
 * `recon_run(D)`, the record that tonight's run finished, shared by the jobs that keep it (the
 * reconciliation and the cleanup): their MARK_DONE inserts it, and their work is done (I6) when
 * it is there.
 */
import { type Database, pendingItems, type RecordSql } from '../database';
import { RUN_DATE } from '../runDate';
import type { WorkLeft } from './job';

/** MARK_DONE: records tonight as done. */
export function markNightDone(db: Pick<Database, 'runDone'>, record: RecordSql): void {
  db.runDone = true;
  record({ kind: 'markDone', runDate: RUN_DATE }, 1, 'marked');
}

/** I6: nothing left once the night is marked done; else the items not written yet. */
export function nightWorkLeft(db: Pick<Database, 'runDone' | 'appliedCount'>, total: number): WorkLeft | null {
  return db.runDone ? null : { left: pendingItems(db).length, total };
}
