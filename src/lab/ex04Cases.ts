/**
 * EX04's cases, derived from the seed's answer (`UPDATE state SET last_token = :t, ... WHERE
 * id = :id AND last_token <= :t`, 0 rows = stale): what each one writes, and how its outcome
 * reads as a sentence. Data and pure functions; ex04Grader.ts runs them on PostgreSQL.
 *
 * Every case starts from the same two rows: row 1 (the night's fence, last token 7) and row 2
 * (another row, last token 3: a statement that forgets `WHERE id` changes it), which no statement for row 1 may touch.
 */
import type { Ex04Role } from '../model/ex04Statement';

export interface StateRow {
  readonly id: string;
  readonly last_token: string;
  readonly result: string | null;
}

/** The table and rows every case starts from (created, as the grader, in the case's transaction). */
export const EX04_SETUP_SQL = [
  'CREATE TABLE state (id bigint PRIMARY KEY, last_token bigint NOT NULL, result text, updated_at timestamptz)',
  "INSERT INTO state (id, last_token, result) VALUES (1, 7, 'before'), (2, 3, 'other')",
];

export const EX04_CASE_IDS = ['higher', 'equal', 'lower', 'staleKeepsRow', 'parameterised'] as const;
export type Ex04CaseId = (typeof EX04_CASE_IDS)[number];

/** One write of a case: the values by role. */
export type Ex04Write = Readonly<Record<Ex04Role, string>>;

/** What PostgreSQL said of one write: rows changed, or its refusal. */
export type WriteOutcome =
  | { readonly kind: 'ran'; readonly command: string; readonly rowCount: number }
  | { readonly kind: 'refused'; readonly code: string; readonly message: string };

/** A case run: its writes' outcomes and the rows after each write. */
export interface CaseRun {
  readonly outcomes: readonly WriteOutcome[];
  readonly rowsAfter: readonly (readonly StateRow[])[];
}

export interface Ex04CaseResult {
  readonly id: Ex04CaseId;
  readonly passed: boolean;
  readonly sentence: string;
}

/** The writes of each database case, in order. */
export const EX04_WRITES: Readonly<Record<Exclude<Ex04CaseId, 'parameterised'>, readonly Ex04Write[]>> = {
  higher: [{ token: '8', id: '1', result: 'night of token 8' }],
  equal: [{ token: '7', id: '1', result: 'night of token 7' }],
  lower: [{ token: '6', id: '1', result: 'stale night of token 6' }],
  staleKeepsRow: [
    { token: '8', id: '1', result: 'night of token 8' },
    { token: '7', id: '1', result: 'stale night of token 7' },
  ],
};

const BEFORE: readonly StateRow[] = [
  { id: '1', last_token: '7', result: 'before' },
  { id: '2', last_token: '3', result: 'other' },
];

/** Judges a database case from its run. Pure. */
export function judgeCase(id: Exclude<Ex04CaseId, 'parameterised'>, run: CaseRun): Ex04CaseResult {
  const refusal = run.outcomes.find((outcome) => outcome.kind === 'refused');
  if (refusal?.kind === 'refused') return { id, passed: false, sentence: `${LEAD[id]}: ${refusalText(refusal)}` };
  const counts = run.outcomes.map((outcome) => (outcome.kind === 'ran' ? outcome.rowCount : 0));
  const notUpdate = run.outcomes.find((outcome) => outcome.kind === 'ran' && outcome.command !== 'UPDATE');
  if (notUpdate?.kind === 'ran') {
    return { id, passed: false, sentence: `${LEAD[id]}: it is not an UPDATE (PostgreSQL ran a ${notUpdate.command})` };
  }
  const last = run.rowsAfter[run.rowsAfter.length - 1] ?? [];
  const row1 = last.find((row) => row.id === '1');
  const row2 = last.find((row) => row.id === '2');
  if (!sameRow(row2, BEFORE[1])) {
    return {
      id,
      passed: false,
      sentence: `${LEAD[id]}: it changed row 2, which the write was not for (check WHERE id = ...)`,
    };
  }
  const rows = (count: number | undefined) => (count === 1 ? '1 row' : `${count ?? 0} rows`);
  switch (id) {
    case 'higher':
    case 'equal': {
      const token = id === 'higher' ? '8' : '7';
      const ok = counts[0] === 1 && row1?.last_token === token;
      const why = ok
        ? `${rows(counts[0])}, last_token is ${token}`
        : `${rows(counts[0])}, last_token is ${row1?.last_token ?? 'gone'}; token ${token} must apply and be stored`;
      return { id, passed: ok, sentence: `${LEAD[id]}: ${why}` };
    }
    case 'lower': {
      const ok = counts[0] === 0 && sameRow(row1, BEFORE[0]);
      const why = ok
        ? '0 rows, the row as it was: the caller can tell the write was stale'
        : counts[0] !== 0
          ? `${rows(counts[0])}; a stale token must change nothing and report 0 rows`
          : 'it reported 0 rows but the row changed';
      return { id, passed: ok, sentence: `${LEAD[id]}: ${why}` };
    }
    case 'staleKeepsRow': {
      const afterFirst = run.rowsAfter[0]?.find((row) => row.id === '1');
      if (counts[0] !== 1 || afterFirst?.last_token !== '8') {
        return {
          id,
          passed: false,
          sentence: `${LEAD[id]}: the first write, token 8, did not apply, so nothing is shown`,
        };
      }
      const ok = counts[1] === 0 && sameRow(row1, afterFirst);
      const why = ok
        ? "the stale write reported 0 rows and token 8's row is unchanged"
        : `the stale write reported ${rows(counts[1])} and the row became last_token ${row1?.last_token ?? 'gone'}, result ${JSON.stringify(row1?.result ?? null)}`;
      return { id, passed: ok, sentence: `${LEAD[id]}: ${why}` };
    }
  }
}

/** Judges whether the statement takes its values as placeholders. Pure. */
export function judgeParameterised(roles: readonly Ex04Role[], literals: readonly string[]): Ex04CaseResult {
  const missing = (['token', 'id'] as const).filter((role) => !roles.includes(role));
  const id = 'parameterised';
  if (missing.length > 0) {
    return {
      id,
      passed: false,
      sentence: `${LEAD[id]}: ${missing.length === 1 ? `the ${missing[0]} is not a placeholder` : 'neither the token nor the id is a placeholder'} ($1...)`,
    };
  }
  if (literals.length > 0) {
    const shown = literals.slice(0, 3).join(', ');
    return {
      id,
      passed: false,
      sentence: `${LEAD[id]}: values are typed into the statement (${shown}); pass them as $1...`,
    };
  }
  return { id, passed: true, sentence: `${LEAD[id]}: the token and the id are placeholders, no value is typed in` };
}

const LEAD: Readonly<Record<Ex04CaseId, string>> = {
  higher: 'a higher token (8 over 7) applies',
  equal: 'an equal token (7 over 7) applies',
  lower: 'a lower token (6 under 7) changes nothing',
  staleKeepsRow: 'a stale write (7 after 8) leaves the row as token 8 wrote it',
  parameterised: 'the statement is parameterised',
};

function refusalText(refusal: Extract<WriteOutcome, { kind: 'refused' }>): string {
  if (refusal.code === '57014') return 'it ran past the statement timeout and was cancelled';
  return `PostgreSQL refused it: ${refusal.message} (${refusal.code})`;
}

function sameRow(a: StateRow | undefined, b: StateRow | undefined): boolean {
  return a !== undefined && b !== undefined && a.last_token === b.last_token && a.result === b.result;
}
