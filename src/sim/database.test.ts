import { describe, expect, it } from 'vitest';
import type { ResolvedStorage } from '../model/resolvedScenario';
import { fenceJob, lockRowView, newDatabase, pendingItems } from './database';
import { scenarioWithStorage, statementRecorder } from './database.testing';

const scenarioWith = (storage: Partial<ResolvedStorage>) => scenarioWithStorage('database test', storage);
const recorder = statementRecorder;

describe('Database at the start of the night', () => {
  it('starts every counter at last night’s token and the lock row long expired', () => {
    const db = newDatabase(scenarioWith({ lastToken: 41 }));
    expect(db.lockRow).toEqual({ lockUntilMs: 0, lockedAtMs: 0, lockedBy: '', fencingToken: 41 });
    expect(db.jobLastToken).toBe(41);
    expect(db.tokenSequence).toBe(41);
    expect(db.rowLastToken).toEqual([41, 41, 41, 41, 41]);
    expect(pendingItems(db)).toEqual([0, 1, 2, 3, 4]);
    expect(db.runDone).toBe(false);
  });

  it('hides the token column from the row view unless the lab column is on', () => {
    const db = newDatabase(scenarioWith({}));
    expect(lockRowView(db, false).fencingToken).toBeNull();
    expect(lockRowView(db, true).fencingToken).toBe(6);
  });
});

describe('fenceJob (fence on acquire)', () => {
  it('accepts a higher token and moves the fence', () => {
    const db = newDatabase(scenarioWith({}));
    const { record, log } = recorder();
    expect(fenceJob(db, 7, record)).toBe(true);
    expect(db.jobLastToken).toBe(7);
    expect(log).toEqual([{ statement: { kind: 'fenceJob', token: 7 }, rows: 1, note: 'fenced' }]);
  });

  it('accepts an equal token (`last_token <= :t`)', () => {
    const db = newDatabase(scenarioWith({}));
    expect(fenceJob(db, 6, recorder().record)).toBe(true);
    expect(db.jobLastToken).toBe(6);
  });

  it('calls a lower token stale and leaves the fence where it was', () => {
    const db = newDatabase(scenarioWith({}));
    fenceJob(db, 8, recorder().record);
    const { record, log } = recorder();
    expect(fenceJob(db, 7, record)).toBe(false);
    expect(db.jobLastToken).toBe(8);
    expect(log).toEqual([{ statement: { kind: 'fenceJob', token: 7 }, rows: 0, note: 'stale' }]);
  });

  it('calls a NULL token stale (`last_token <= NULL` is not true)', () => {
    const db = newDatabase(scenarioWith({}));
    expect(fenceJob(db, null, recorder().record)).toBe(false);
    expect(db.jobLastToken).toBe(6);
  });
});
