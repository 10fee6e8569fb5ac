/**
 * Replays one simulated night's SQL on a real PostgreSQL, in trace order, and compares every
 * answer with the simulator's: one connection per database session the trace names (its
 * `application_name` is the session's name, so `pg_terminate_backend` finds it), the
 * operator's statements on a connection of their own, transactions exactly as the trace has
 * them (BEGIN ... COMMIT / ROLLBACK entries), each statement's text exactly as the app shows it
 * (`leaseline trace --json`'s `sql`), `now()` the simulated database clock (replaySchema.ts).
 *
 * A statement the trace shows waiting for a row lock (`sqlWait`) is sent without awaiting:
 * PostgreSQL must be seen waiting on a lock, must not answer before the transaction it waits
 * for has ended, and its answer is compared when the trace's `sql` entry for it comes.
 */
import pg from 'pg';
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import { type TraceJsonEntry, type TraceJsonStatement, traceJson } from '../../src/sim/readings/traceJson';
import { timestampText } from '../../src/sim/sqlLiterals';
import { TRANSACTION_CONTROL } from '../../src/sim/sqlStatement';
import type { Trace } from '../../src/sim/trace';
import { nightSetupSql, REPLAY_SEARCH_PATH } from './replaySchema';

export interface Mismatch {
  readonly at: string;
  readonly session: string;
  readonly sql: string;
  readonly problem: string;
}

export interface ReplayResult {
  /** PostgreSQL statements replayed (transaction control included). */
  readonly statements: number;
  readonly mismatches: readonly Mismatch[];
  /** Every PostgreSQL statement text of the night, for the PREPARE check. */
  readonly texts: ReadonlySet<string>;
}

/** How long a statement the trace answers at once may take before it counts as blocked. */
const ANSWER_TIMEOUT_MS = 5000;
const OPERATOR = 'operator';

interface Outcome {
  readonly result: pg.QueryResult | null;
  readonly error: (Error & { code?: string }) | null;
}

interface Pending {
  readonly sql: string;
  readonly outcome: Promise<Outcome>;
  settled: boolean;
  /** The transaction (session) the trace says it waits for, and whether that one has ended. */
  holder: string;
  released: boolean;
}

interface Session {
  readonly client: pg.Client;
  pending: Pending | null;
}

type SqlEntry = TraceJsonEntry & {
  readonly session: string | null;
  readonly statement: TraceJsonStatement;
  readonly rows: number;
  readonly outcome: string;
};

export async function replayNight(url: string, scenario: ResolvedScenario, trace: Trace): Promise<ReplayResult> {
  const entries = traceJson(trace).entries;
  const sessions = new Map<string, Session>();
  const mismatches: Mismatch[] = [];
  const texts = new Set<string>();
  let statements = 0;

  const connect = async (name: string): Promise<Session> => {
    const existing = sessions.get(name);
    if (existing) return existing;
    const client = new pg.Client({ connectionString: url, application_name: name });
    // A terminated backend (killSession, a dropped relay) reports here; its queries reject.
    client.on('error', () => undefined);
    await client.connect();
    await client.query(`SET search_path = ${REPLAY_SEARCH_PATH}`);
    const session: Session = { client, pending: null };
    sessions.set(name, session);
    return session;
  };
  const operator = await connect(OPERATOR);
  await operator.client.query(nightSetupSql(scenario));

  const fail = (entry: TraceJsonEntry, session: string, sql: string, problem: string): void => {
    mismatches.push({ at: entry.at, session, sql, problem });
  };
  const checkNoEarlyAnswers = (entry: TraceJsonEntry): void => {
    for (const [name, session] of sessions) {
      const pending = session.pending;
      if (pending?.settled && !pending.released) {
        fail(entry, name, pending.sql, `answered while ${pending.holder} still held the row it waits for`);
        pending.released = true;
      }
    }
  };

  try {
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index] as TraceJsonEntry;
      if (entry.kind !== 'sql' && entry.kind !== 'sqlWait') continue;
      const sqlEntry = entry as SqlEntry;
      const statement = sqlEntry.statement;
      if (statement.target !== 'postgresql') continue;
      statements += entry.kind === 'sql' ? 1 : 0;
      texts.add(statement.sql);
      const name = sqlEntry.session ?? OPERATOR;
      const session = await connect(name);
      const now = timestampText(timeOfNightMs(entry.local));
      checkNoEarlyAnswers(entry);

      if (entry.kind === 'sqlWait') {
        await startWaiting(operator.client, session, name, sqlEntry, now, fail);
        continue;
      }
      let outcome: Outcome;
      if (session.pending) {
        outcome = await awaitAnswer(session.pending);
        session.pending = null;
      } else if (statement.kind === 'outboxRollback') {
        // The server drops a dead relay's connection: its transaction rolls back.
        outcome = await dropConnection(operator.client, String(statement.values.transaction));
        releaseWaitersOf(sessions, String(statement.values.transaction));
      } else {
        outcome = await runTimed(session.client, statement, now);
      }
      const problem = compare(sqlEntry, outcome, entries, index);
      if (problem !== null) fail(entry, name, statement.sql, problem);
      if (statement.kind === 'outboxRollback') {
        const rows = statement.values.rows as number[];
        const unsent = await operator.client.query(
          `SELECT count(*)::int AS n FROM outbox WHERE id = ANY($1) AND sent_at IS NULL`,
          [rows],
        );
        if (unsent.rows[0]?.n !== rows.length) fail(entry, name, statement.sql, 'rolled-back rows are not all unsent');
      }
      if (statement.kind === 'commit' || statement.kind === 'rollback') releaseWaitersOf(sessions, name);
    }
    // Let any answer that is still on its way arrive before the last check.
    await new Promise((resolve) => setTimeout(resolve, 20));
    checkNoEarlyAnswers(entries.at(-1) as TraceJsonEntry);
  } finally {
    for (const [name, session] of sessions) {
      if (session.pending && !session.pending.settled && name !== OPERATOR) {
        await dropConnection(operator.client, name);
      }
    }
    for (const session of sessions.values()) await session.client.end().catch(() => undefined);
  }
  return { statements, mismatches, texts };
}

function releaseWaitersOf(sessions: Map<string, Session>, holder: string): void {
  for (const session of sessions.values()) {
    if (session.pending?.holder === holder) session.pending.released = true;
  }
}

async function startWaiting(
  operator: pg.Client,
  session: Session,
  name: string,
  entry: SqlEntry,
  now: string,
  fail: (entry: TraceJsonEntry, session: string, sql: string, problem: string) => void,
): Promise<void> {
  const holder = String(entry.holder);
  if (session.pending) {
    // Woken by one commit and waiting again, now for another transaction.
    session.pending.holder = holder;
    session.pending.released = false;
    return;
  }
  const pending: Pending = {
    sql: entry.statement.sql,
    outcome: settle(session.client.query(withClock(entry.statement.sql, now))),
    settled: false,
    holder,
    released: false,
  };
  void pending.outcome.then(() => {
    pending.settled = true;
  });
  session.pending = pending;
  // PostgreSQL must be waiting on a lock for it, not answering.
  for (let attempt = 0; attempt < 250; attempt++) {
    if (pending.settled) {
      fail(entry, name, entry.statement.sql, 'PostgreSQL answered at once where the trace says it waits');
      pending.released = true;
      return;
    }
    const { rows } = await operator.query<{ wait: string | null }>(
      `SELECT wait_event_type AS wait FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    );
    if (rows[0]?.wait === 'Lock') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  fail(entry, name, entry.statement.sql, 'PostgreSQL was never seen waiting on a lock');
}

async function awaitAnswer(pending: Pending): Promise<Outcome> {
  return Promise.race([
    pending.outcome,
    new Promise<Outcome>((resolve) =>
      setTimeout(
        () => resolve({ result: null, error: new Error('PostgreSQL still waits where the trace answers') }),
        ANSWER_TIMEOUT_MS,
      ),
    ),
  ]);
}

function withClock(sql: string, now: string): string {
  return `SET leaseline.now = '${now}'; ${sql}`;
}

async function runTimed(client: pg.Client, statement: TraceJsonStatement, now: string): Promise<Outcome> {
  const text = TRANSACTION_CONTROL.has(statement.kind) ? statement.sql : withClock(statement.sql, now);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ result: null, error: new Error('PostgreSQL blocked where the trace answers at once') }),
      ANSWER_TIMEOUT_MS,
    );
  });
  const outcome = await Promise.race([settle(client.query(text)), timeout]);
  clearTimeout(timer);
  return outcome;
}

async function settle(query: Promise<pg.QueryResult | pg.QueryResult[]>): Promise<Outcome> {
  try {
    const result = await query;
    return { result: Array.isArray(result) ? (result.at(-1) ?? null) : result, error: null };
  } catch (error) {
    return { result: null, error: error as Error & { code?: string } };
  }
}

async function dropConnection(operator: pg.Client, name: string): Promise<Outcome> {
  return settle(
    operator.query(
      `SELECT pg_terminate_backend(pid, 5000) AS ended FROM pg_stat_activity WHERE application_name = $1`,
      [name],
    ),
  );
}

/** What PostgreSQL answered against what the simulator recorded; null when they agree. */
function compare(entry: SqlEntry, outcome: Outcome, entries: readonly TraceJsonEntry[], index: number): string | null {
  const { statement, rows: expectedRows, outcome: note } = entry;
  const { result, error } = outcome;
  if (note === 'duplicate' && statement.kind === 'insertLedger') {
    return error?.code === '23505' ? null : `expected a unique violation, got ${describeOutcome(outcome)}`;
  }
  if (error !== null || result === null) return `PostgreSQL: ${error?.message ?? 'no result'}`;
  if (TRANSACTION_CONTROL.has(statement.kind)) {
    const expected = statement.kind === 'begin' ? 'BEGIN' : statement.kind === 'commit' ? 'COMMIT' : 'ROLLBACK';
    return result.command === expected ? null : `expected ${expected}, PostgreSQL did ${result.command}`;
  }
  if (statement.kind === 'outboxRollback') {
    return result.rows[0]?.ended === true ? null : 'the dead relay had no connection to drop';
  }
  if (result.rowCount !== expectedRows) return `rows: simulator ${expectedRows}, PostgreSQL ${result.rowCount}`;
  return compareValues(entry, result, entries, index);
}

function compareValues(
  entry: SqlEntry,
  result: pg.QueryResult,
  entries: readonly TraceJsonEntry[],
  index: number,
): string | null {
  const { statement, outcome: note } = entry;
  const first = result.rows[0] as Record<string, unknown> | undefined;
  const values = statement.values;
  const same = (what: string, simulated: unknown, real: unknown): string | null =>
    JSON.stringify(simulated) === JSON.stringify(real)
      ? null
      : `${what}: simulator ${JSON.stringify(simulated)}, PostgreSQL ${JSON.stringify(real)}`;
  switch (statement.kind) {
    case 'acquire':
      if (!values.withToken || note !== 'granted') return null;
      return same('fencing_token', following(entries, index, ['grant'])?.token, Number(first?.fencing_token));
    case 'mintToken':
      // The late mint's token (reconcile) or the Redis grant's token from the database.
      return same('nextval', following(entries, index, ['tokenMinted', 'grant'])?.token, Number(first?.nextval));
    case 'dueCheck':
      return first === undefined ? null : same('status', 'DONE', first.status);
    case 'load':
      return same(
        'orders',
        [...(values.orders as number[])].sort((a, b) => a - b),
        result.rows.map((row) => row.order_id),
      );
    case 'outboxClaim':
    case 'cleanupSelect':
      return same(
        'rows',
        values.rows,
        result.rows.map((row) => row.id),
      );
    case 'advisoryLock':
      return same('pg_try_advisory_lock', note === 'granted', first?.pg_try_advisory_lock);
    case 'advisoryUnlock':
      return same('pg_advisory_unlock', note === 'released', first?.pg_advisory_unlock);
    case 'advisoryHolder':
      return first === undefined ? null : same('mine', note === 'holder', first.mine);
    case 'terminateSession':
      return same('pg_terminate_backend', true, first?.pg_terminate_backend);
    case 'readLock':
      return same('locked_by', lastLockRow(entries, index)?.lockedBy ?? '', first?.locked_by);
    default:
      return null;
  }
}

function following(
  entries: readonly TraceJsonEntry[],
  index: number,
  kinds: readonly string[],
): Record<string, unknown> | null {
  for (let next = index + 1; next < entries.length; next++) {
    const kind = entries[next]?.kind;
    if (kind !== undefined && kinds.includes(kind)) return entries[next] as Record<string, unknown>;
  }
  return null;
}

function lastLockRow(entries: readonly TraceJsonEntry[], index: number): { lockedBy: string } | null {
  for (let previous = index - 1; previous >= 0; previous--) {
    const entry = entries[previous];
    if (entry?.kind === 'lockRow') return entry.row as { lockedBy: string };
  }
  return null;
}

function describeOutcome(outcome: Outcome): string {
  if (outcome.error) return `error ${outcome.error.code ?? ''} ${outcome.error.message}`;
  return `${outcome.result?.rowCount ?? 0} rows`;
}

/** `"02:00:00.002"` back to ms of the night. */
function timeOfNightMs(text: string): number {
  const [h = '0', m = '0', rest = '0'] = text.split(':');
  return Number(h) * 3_600_000 + Number(m) * 60_000 + Math.round(Number(rest) * 1000);
}
