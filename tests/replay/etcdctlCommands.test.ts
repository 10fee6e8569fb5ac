/**
 * The etcd commands the app shows are real etcdctl: every etcd night's requests, as the trace
 * text and the app render them (`renderSql`), are pasted in the trace's order into one shell
 * with Debian's etcdctl pointed at a fresh etcd (etcdctlShell.ts), and what etcdctl answers must
 * be what the simulator recorded: a lease in the session's variable, the put's owner and create
 * revision, keep-alives kept or refused, keys deleted, a woken waiter's own key found or not,
 * an expired lease.
 *
 * No night time passes here (replayEtcdNight.ts is the replay in time): a lease the trace says
 * the server expired is revoked by this test just before its line runs (a revoke deletes the
 * lease's keys at one revision, as an expiry does), so the line then shows what it shows after
 * a real expiry. Keep-alives that repeat a session's last one are run once a second of real
 * time at most (every one that fails, and each session's first, always): the leases stay far
 * from their 10 s on any machine, and the night's few hundred repeats do not cost a process each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EtcdServer, startEtcdServer } from '../../src/lab/etcdServer';
import { loadScenarioValue } from '../../src/model/loadScenario';
import { PRESETS } from '../../src/presets/catalogue';
import { CONSENSUS_PREFIX, leaseVariable } from '../../src/sim/consensusCommand';
import { simulate } from '../../src/sim/simulate';
import { renderSql, statementTarget } from '../../src/sim/sqlStatement';
import type { TraceEntry } from '../../src/sim/trace';
import { PasteShell } from './etcdctlShell';

const KEEP_ALIVE_EVERY_MS = 1000;
const etcdNights = PRESETS.flatMap((preset) => {
  const loaded = loadScenarioValue(preset.document, `${preset.id}.json`);
  if (!loaded.ok || loaded.scenario.lock.kind !== 'etcd') return [];
  return [{ id: preset.id, scenario: loaded.scenario, trace: simulate(loaded.scenario) }];
});

let server: EtcdServer | null = null;
let lines = 0;

beforeAll(async () => {
  server = await startEtcdServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type SqlEntry = Extract<TraceEntry, { kind: 'sql' }>;

describe("the app's etcd commands, run through the real etcdctl", () => {
  for (const night of etcdNights) {
    it(`${night.id}: every line runs and etcdctl answers as the simulator did`, async () => {
      if (server === null) throw new Error('no etcd');
      const shell = new PasteShell(server.etcdctl, server.url);
      try {
        // Each night under a prefix of its own would change the texts: clear the lock's instead.
        await shell.run(`etcdctl del --prefix ${CONSENSUS_PREFIX}`);
        const problems = await pasteNight(shell, night.trace.entries, night.scenario.storage.lastToken);
        expect(problems).toEqual([]);
      } finally {
        await shell.close();
      }
    }, 300_000);
  }

  it('ran lines of every etcd night', () => {
    console.info(`${lines} etcdctl lines of ${etcdNights.length} nights answered as the simulator said`);
    expect(etcdNights.length).toBeGreaterThanOrEqual(3);
    expect(lines).toBeGreaterThan(0);
  });
});

async function pasteNight(shell: PasteShell, entries: readonly TraceEntry[], lastToken: number): Promise<string[]> {
  const problems: string[] = [];
  // The night's revisions are etcd's when etcd stands at `storage.lastToken`, or past it already.
  const offset = await fillRevisions(shell, lastToken);
  const keptAliveAt = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'sql' || statementTarget(entry.statement.kind) !== 'consensus') continue;
    const statement = entry.statement;
    if (statement.kind === 'consensusKeepAlive' && entry.note === 'extended') {
      const last = keptAliveAt.get(statement.session);
      if (last !== undefined && performance.now() - last < KEEP_ALIVE_EVERY_MS) continue;
      keptAliveAt.set(statement.session, performance.now());
    }
    const line = renderSql(statement);
    const problem = await pasteLine(shell, entry, line, offset);
    lines += 1;
    if (problem !== null) problems.push(`${line}: ${problem} ${shell.lastErrors()}`.trim());
  }
  return problems;
}

async function fillRevisions(shell: PasteShell, lastToken: number): Promise<number> {
  for (;;) {
    const answer = await shell.run('etcdctl put /leaseline/revision-filler x -w fields');
    const revision = Number(/"Revision" : (\d+)/.exec(answer.out)?.[1]);
    if (revision >= lastToken) return revision - lastToken;
  }
}

/** Runs the line and says what etcdctl answered that the simulator did not, or null. */
async function pasteLine(shell: PasteShell, entry: SqlEntry, line: string, offset: number): Promise<string | null> {
  const statement = entry.statement;
  if (!('session' in statement)) return 'not a session statement';
  const lease = `"$${leaseVariable(statement.session)}"`;
  const key = `${CONSENSUS_PREFIX}$${leaseVariable(statement.session)}`;
  if (statement.kind === 'consensusSessionExpired' && !statement.revoked) {
    // The server's expiry, done here as a revoke: it may already have run out by itself on a slow machine.
    await shell.run(`etcdctl lease revoke ${lease}`);
  }
  const answer = await shell.run(line);
  const out = answer.out.trim();
  switch (statement.kind) {
    case 'consensusLeaseGrant': {
      const id = (await shell.run(`printf '%s' ${lease}`)).out;
      return answer.status === 0 && /^[0-9a-f]+$/.test(id)
        ? null
        : `no lease ID in ${leaseVariable(statement.session)} (status ${answer.status})`;
    }
    case 'consensusCreate': {
      const owner = out.split('\n').at(-1) ?? '';
      const own = (await shell.run(`printf '%s' "${key}"`)).out;
      const holds = owner === own;
      if (answer.status !== 0 || holds !== (entry.note === 'granted')) return `owner ${owner}, simulator ${entry.note}`;
      const fields = (await shell.run(`etcdctl get "${key}" -w fields`)).out;
      const revision = Number(/"CreateRevision" : (\d+)/.exec(fields)?.[1]) - offset;
      return revision === statement.number ? null : `create revision ${revision}, simulator ${statement.number}`;
    }
    case 'consensusKeepAlive':
      return (answer.status === 0) === (entry.rows === 1)
        ? null
        : `status ${answer.status} (${out}), simulator ${entry.note}`;
    case 'consensusDelete':
      return out === String(entry.rows) ? null : `deleted ${out}, simulator ${entry.rows}`;
    case 'consensusRecheck':
      return (out === '' ? 0 : 1) === entry.rows ? null : `found '${out}', simulator ${entry.rows} key`;
    case 'consensusSessionExpired':
      return new RegExp(statement.revoked ? 'revoked$' : 'already expired$').test(out) ? null : `answered '${out}'`;
    default:
      return 'not an etcd request';
  }
}
