import { describe, expect, it } from 'vitest';
import { runPreset } from '../../../tests/runPreset';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import { storageStatements } from './ex04Statements';

describe('storageStatements', () => {
  it("walks the flagship with fencing on to A's token-7 update that matches 0 rows, and A's aborted run", () => {
    const statements = storageStatements(runPreset('s07-fencing-on').trace);
    const first = statements[0];
    expect(first && `${first.replica} ${first.sql} ${first.rows}`).toBe(
      "A UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7 1",
    );
    const stale = statements.filter((statement) => statement.kind === 'fenceJob' && statement.rows === 0);
    expect(stale).toHaveLength(1);
    const [zero] = stale;
    expect(zero?.replica).toBe('A');
    expect(zero?.sql).toBe(
      "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7",
    );
    expect(formatTimeOfNightMs(zero?.atMs ?? 0)).toBe('02:07:50.002');
    expect(zero?.writeId).not.toBeNull();
    expect(zero?.endedRun?.outcome).toBe('aborted');
    // Then the transaction rolls back, and nothing of A's follows.
    const after = statements.slice(statements.indexOf(zero as (typeof statements)[number]) + 1);
    expect(after.map((statement) => `${statement.replica} ${statement.kind}`)).toEqual(['A rollback']);
    // Every other fence matched its row; B's own fence-on-acquire moved it to 8.
    expect(statements.some((statement) => statement.replica === 'B' && statement.sql.includes('last_token = 8'))).toBe(
      true,
    );
    expect(statements.every((statement) => !statement.sql.includes('shedlock'))).toBe(true);
  });
});
