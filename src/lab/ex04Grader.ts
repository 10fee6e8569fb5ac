/**
 * `leaseline grade ex04`: each student's statement run on a real PostgreSQL (the lab's
 * embedded server, labDatabase.ts) against EX04's cases (ex04Cases.ts).
 *
 * Student SQL is hostile input, so each case runs in its own transaction that is always
 * rolled back (the table is created inside it, so every case starts from the same rows and
 * nothing a statement does survives), on a fresh connection per hand-in (no session state such
 * as an advisory lock carries over), as a role without superuser or any right beyond SELECT and
 * UPDATE on that one table, with a statement timeout. The statement goes through the extended
 * protocol (a prepared statement), which takes exactly one command: `UPDATE ...; DROP ...` is
 * refused by PostgreSQL itself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { EX04_ROLES, type Ex04Role, readEx04Statement } from '../model/ex04Statement';
import {
  type CaseRun,
  EX04_CASE_IDS,
  EX04_SETUP_SQL,
  EX04_WRITES,
  type Ex04CaseResult,
  judgeCase,
  judgeParameterised,
  type StateRow,
  type WriteOutcome,
} from './ex04Cases';
import { openLabDatabase } from './labDatabase';

/** The student's statement may run this long; the seed's answer takes a millisecond. */
export const EX04_STATEMENT_TIMEOUT_MS = 2000;
/** The client gives up on any one query after this (a server that stopped answering). */
const QUERY_TIMEOUT_MS = 10_000;

export interface Ex04Grade {
  readonly cases: readonly Ex04CaseResult[];
  /** How the `$n` were read, e.g. `$1 the token, $2 the id`; null when the statement takes none. */
  readonly mapping: string | null;
  /** PostgreSQL's own message when the statement does not parse; the cases then all fail. */
  readonly parseError: string | null;
  readonly passed: boolean;
}

export interface Ex04Grader {
  /** `PostgreSQL 18.x ...`, for the report. */
  readonly version: string;
  grade(sql: string): Promise<Ex04Grade>;
  close(): Promise<void>;
}

/** Starts the database (embedded unless `dbUrl`) and the role the statements run as. */
export async function openEx04Grader(dbUrl: string | null = null): Promise<Ex04Grader> {
  const database = await openLabDatabase(dbUrl);
  const role = `leaseline_ex04_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: database.url, query_timeout: QUERY_TIMEOUT_MS });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION`);
    await admin.query(`REVOKE ALL ON SCHEMA public FROM PUBLIC`);
    await admin.query(`REVOKE ALL ON DATABASE ${admin.escapeIdentifier(database.name)} FROM PUBLIC`);
  } catch (error) {
    await admin.end().catch(() => undefined);
    await database.dispose();
    throw error;
  }
  await admin.end().catch(() => undefined);
  return {
    version: database.version,
    grade: (sql) => gradeStatement(database.url, role, sql),
    async close() {
      const dropper = new pg.Client({ connectionString: database.url, query_timeout: QUERY_TIMEOUT_MS });
      dropper.on('error', () => undefined);
      try {
        await dropper.connect();
        await dropper.query(`DROP ROLE IF EXISTS ${role}`);
      } catch {
        // The server is going away with the database: nothing of ours is left there.
      } finally {
        await dropper.end().catch(() => undefined);
      }
      await database.dispose();
    },
  };
}

async function gradeStatement(url: string, role: string, sql: string): Promise<Ex04Grade> {
  const statement = readEx04Statement(sql);
  const count = statement.placeholderCount;
  if (count > EX04_ROLES.length || statement.unknownNames.length > 0) {
    const what = count > EX04_ROLES.length ? `$${count}` : statement.unknownNames.join(', ');
    const sentence = `it uses ${what}; EX04's statement takes three values at most: the token, the id and the result`;
    return failedAll(sentence, null);
  }
  // Transaction control (COMMIT, ROLLBACK...) would end the case's transaction and keep what
  // the statement did: only an UPDATE, or a WITH ... UPDATE, is run at all.
  if (statement.firstKeyword !== 'UPDATE' && statement.firstKeyword !== 'WITH') {
    const found = statement.firstKeyword === '' ? 'nothing but comments' : statement.firstKeyword;
    return failedAll(`it is not an UPDATE statement (it starts with ${found})`, null);
  }
  const client = new pg.Client({ connectionString: url, query_timeout: QUERY_TIMEOUT_MS });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const mappings = statement.namedRoles === null ? arrangements(count) : [statement.namedRoles];
    let best: { roles: readonly Ex04Role[]; cases: Ex04CaseResult[] } | null = null;
    /** Columns the statement sets beyond the seed's (its "..."), added as text when PostgreSQL names them. */
    const payload: string[] = [];
    for (const roles of mappings) {
      const cases: Ex04CaseResult[] = [];
      for (const id of EX04_CASE_IDS) {
        if (id === 'parameterised') cases.push(judgeParameterised(roles, statement.literals));
        else {
          const run = await runWithPayloadColumns(client, role, statement.text, roles, EX04_WRITES[id], payload);
          const parse = run.outcomes.find((outcome) => outcome.kind === 'refused' && outcome.code === '42601');
          if (parse?.kind === 'refused') return failedAll(`the SQL does not parse: ${parse.message}`, parse.message);
          cases.push(judgeCase(id, run));
        }
      }
      const passes = cases.filter((result) => result.passed).length;
      if (best === null || passes > best.cases.filter((result) => result.passed).length) best = { roles, cases };
    }
    const chosen = best ?? { roles: [], cases: [] };
    return {
      cases: chosen.cases,
      mapping: chosen.roles.length === 0 ? null : chosen.roles.map((r, index) => `$${index + 1} the ${r}`).join(', '),
      parseError: null,
      passed: chosen.cases.every((result) => result.passed),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Every order of `count` distinct roles ($1 the token, $2 the id... first): at most 6. The
 * token is always among them, and the id from two values on: a statement's first value is
 * never read as the id alone just because that happens to change nothing.
 */
function arrangements(count: number): (readonly Ex04Role[])[] {
  if (count === 0) return [[]];
  const out: Ex04Role[][] = [];
  const extend = (prefix: Ex04Role[]) => {
    if (prefix.length === count) {
      if (prefix.includes('token') && (count < 2 || prefix.includes('id'))) out.push(prefix);
      return;
    }
    for (const role of EX04_ROLES) if (!prefix.includes(role)) extend([...prefix, role]);
  };
  extend([]);
  return out;
}

/** A statement may set this many columns of its own before it is judged as naming a wrong table. */
const PAYLOAD_COLUMNS_MAX = 4;
const MISSING_COLUMN = /^column "([a-z_][a-z0-9_]{0,62})" of relation "state" does not exist$/;

/**
 * The seed's answer is `UPDATE state SET last_token = :t, ... WHERE ...`: the `...` is the
 * job's own result, whatever the student calls it. A column of `state` that PostgreSQL says is
 * missing (42703) is added, as text, to `payload` (kept for the next cases) and the case run
 * again, so `SET total = $2` is judged on its fencing rather than on our table's column names.
 */
async function runWithPayloadColumns(
  client: pg.Client,
  role: string,
  text: string,
  roles: readonly Ex04Role[],
  writes: readonly Readonly<Record<Ex04Role, string>>[],
  payload: string[],
): Promise<CaseRun> {
  for (;;) {
    const run = await runCase(client, role, text, roles, writes, payload);
    const refused = run.outcomes.find((outcome) => outcome.kind === 'refused');
    const missing =
      refused?.kind === 'refused' && refused.code === '42703' ? MISSING_COLUMN.exec(refused.message) : null;
    const column = missing?.[1];
    if (column === undefined || payload.includes(column) || payload.length >= PAYLOAD_COLUMNS_MAX) return run;
    payload.push(column);
  }
}

/** One case in one rolled-back transaction: the table, then each write as the student role. */
async function runCase(
  client: pg.Client,
  role: string,
  text: string,
  roles: readonly Ex04Role[],
  writes: readonly Readonly<Record<Ex04Role, string>>[],
  payload: readonly string[],
): Promise<CaseRun> {
  const outcomes: WriteOutcome[] = [];
  const rowsAfter: StateRow[][] = [];
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL statement_timeout = ${EX04_STATEMENT_TIMEOUT_MS}`);
    await client.query('SET LOCAL lock_timeout = 1000');
    await client.query('CREATE SCHEMA ex04');
    await client.query('SET LOCAL search_path = ex04');
    for (const setup of EX04_SETUP_SQL) await client.query(setup);
    // The names come from MISSING_COLUMN (lower-case letters, digits, _), quoted all the same.
    for (const column of payload) await client.query(`ALTER TABLE state ADD COLUMN "${column}" text`);
    await client.query(`GRANT USAGE ON SCHEMA ex04 TO ${role}`);
    await client.query(`GRANT SELECT, UPDATE ON ex04.state TO ${role}`);
    for (const [index, write] of writes.entries()) {
      // A savepoint per write: a refused write ends the case without aborting the reads below.
      await client.query('SAVEPOINT student');
      await client.query(`SET LOCAL ROLE ${role}`);
      try {
        const result = await client.query({
          name: `ex04_${index}_${randomBytes(4).toString('hex')}`,
          text,
          values: roles.map((r) => write[r]),
        });
        outcomes.push({ kind: 'ran', command: result.command ?? '', rowCount: result.rowCount ?? 0 });
        await client.query('RESET ROLE');
        await client.query('RELEASE SAVEPOINT student');
      } catch (error) {
        const { code = '', message = String(error) } = error as { code?: string; message?: string };
        outcomes.push({ kind: 'refused', code, message });
        await client.query('ROLLBACK TO SAVEPOINT student');
        await client.query('RESET ROLE');
        break;
      }
      const { rows } = await client.query<StateRow>(
        'SELECT id::text AS id, last_token::text AS last_token, result FROM ex04.state ORDER BY id',
      );
      rowsAfter.push(rows);
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return { outcomes, rowsAfter };
}

/** Every case failed for one reason that comes before any case (it does not parse, it is no UPDATE). */
function failedAll(sentence: string, parseError: string | null): Ex04Grade {
  const cases = EX04_CASE_IDS.map((id) => ({ id, passed: false, sentence }));
  return { cases, mapping: null, parseError, passed: false };
}
