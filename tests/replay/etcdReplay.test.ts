/**
 * The simulator checked against a real etcd: every night whose lock is etcd (the presets, and
 * the lesson steps' nights where their edits make a night of their own) has its etcd requests
 * replayed in trace order on Debian's etcd (tests/replay/replayEtcdNight.ts), and every answer
 * must agree with the simulator's: granted or queued, the create revision as token, who holds,
 * when a waiter wakes and what its re-check finds, kept or lost keep-alives, deletes, and that
 * etcd expires a lapsing lease itself, not before its TTL. One server per night (revisions
 * never go back).
 *
 * Time: leases are replayed with whole-second TTLs of `TTL_LADDER_S[0]` and the lapses run at
 * that scale (etcdNightTime.ts). A machine too busy to keep that pace makes the replay late,
 * which it notices itself (a lease older than its plan) and then replays the night again with
 * longer leases, so slower; a night only fails on answers, never on the machine's speed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type EtcdServer, startEtcdServer } from '../../src/lab/etcdServer';
import { loadScenarioValue } from '../../src/model/loadScenario';
import type { ResolvedScenario } from '../../src/model/resolvedScenario';
import { applyEdits } from '../../src/model/scenarioEdit';
import type { ScenarioDocument } from '../../src/model/scenarioSchema';
import { findPreset, PRESETS } from '../../src/presets/catalogue';
import { LESSONS } from '../../src/presets/lessons';
import { simulate } from '../../src/sim/simulate';
import type { Trace } from '../../src/sim/trace';
import { type EtcdMismatch, type EtcdReplayResult, replayEtcdNight } from './replayEtcdNight';

/** The replay's lease TTLs, in whole seconds, tried in turn while the replay is late. */
const TTL_LADDER_S = [3, 6, 12, 24];

interface EtcdNightToReplay {
  readonly name: string;
  readonly scenario: ResolvedScenario;
  readonly trace: Trace;
}

function nightOf(name: string, document: unknown): EtcdNightToReplay {
  const loaded = loadScenarioValue(document, `${name}.json`);
  if (!loaded.ok) throw new Error(`${name}: ${JSON.stringify(loaded.errors)}`);
  return { name, scenario: loaded.scenario, trace: simulate(loaded.scenario) };
}

function etcdNights(): EtcdNightToReplay[] {
  const nights = PRESETS.map((preset) => nightOf(preset.id, preset.document));
  for (const lesson of LESSONS) {
    for (const step of lesson.steps) {
      const preset = findPreset(step.preset);
      if (!preset || !step.edits?.length) continue;
      const document = applyEdits(preset.document as ScenarioDocument, step.edits);
      nights.push(nightOf(`${lesson.id} ${step.id}`, document));
    }
  }
  const seen = new Set<string>();
  return nights.filter(({ scenario }) => {
    const key = JSON.stringify(scenario);
    if (scenario.lock.kind !== 'etcd' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const nights = etcdNights();
let requests = 0;
let keyChecks = 0;
const mismatches: (EtcdMismatch & { night: string })[] = [];
let server: EtcdServer | null = null;

afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Replays a night on a fresh etcd, slower each time the replay was late. */
async function replay(night: EtcdNightToReplay): Promise<EtcdReplayResult & { ttlSeconds: number }> {
  for (const ttlSeconds of TTL_LADDER_S) {
    server = await startEtcdServer();
    const result = await replayEtcdNight(server.url, night.scenario, night.trace, { realTtlSeconds: ttlSeconds });
    await server.stop();
    server = null;
    if (result.late === null) return { ...result, ttlSeconds };
    console.info(`${night.name}: replay late with ${ttlSeconds} s leases (${result.late}); again, slower`);
  }
  throw new Error(`${night.name}: the replay was late even with ${TTL_LADDER_S.at(-1)} s leases`);
}

describe('every etcd night replayed on a real etcd', () => {
  it('has etcd nights to replay, with expiries and woken waiters', () => {
    expect(nights.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['s15-etcd-session-expires', 's15b-etcd-no-recheck', 's15c-etcd-recheck']),
    );
  });

  for (const night of nights) {
    it(`${night.name}: etcd answers every request as the simulator did`, async () => {
      const result = await replay(night);
      requests += result.requests;
      keyChecks += result.keyChecks;
      mismatches.push(...result.mismatches.map((mismatch) => ({ ...mismatch, night: night.name })));
      console.info(
        `${night.name}: ${result.requests} requests with ${result.ttlSeconds} s leases; expiries after ${result.expiries.map((e) => `${e.session} ${e.afterMs} ms`).join(', ') || 'none'}`,
      );
      expect(result.mismatches).toEqual([]);
      expect(result.requests).toBeGreaterThan(0);
      expect(result.expiries.length).toBeGreaterThan(0);
    }, 300_000);
  }

  it('notices a simulator that disagrees: a wrong token, a wrong owner, a keep-alive etcd would refuse', async () => {
    const night = nights.find(({ name }) => name === 's15-etcd-session-expires');
    if (!night) throw new Error('no S15');
    const trace = structuredClone(night.trace) as unknown as { entries: Record<string, unknown>[] };
    const etcdEntries = trace.entries.filter(
      (entry) => entry.kind === 'sql' && /^consensus/.test(String((entry.statement as { kind: string }).kind)),
    );
    const creates = etcdEntries.filter((entry) => (entry.statement as { kind: string }).kind === 'consensusCreate');
    // A's revision one too high; B said to hold beside A.
    (creates[0] as { statement: { number: number } }).statement.number += 1;
    (creates[1] as { note: string }).note = 'granted';
    // A's keep-alive after its pause said to have kept the lease.
    const lost = etcdEntries.find((entry) => entry.note === 'lost');
    Object.assign(lost ?? {}, { rows: 1, note: 'extended' });
    const result = await replay({ ...night, trace: trace as unknown as Trace });
    const problems = result.mismatches.map((mismatch) => mismatch.problem);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/create revision is 7 \(token 7\), the simulator's 8/),
        expect.stringMatching(/etcd's owner is A#0, the simulator says granted/),
        expect.stringMatching(/etcd no longer has the lease, the simulator says extended/),
      ]),
    );
  }, 300_000);

  it('notices when it falls behind (a machine stalled longer than a lease) and says so instead of comparing', async () => {
    const night = nights.find(({ name }) => name === 's15-etcd-session-expires');
    if (!night) throw new Error('no S15');
    // B's keep-alive in the middle of A's lapse (A is paused from 02:01:30), held up 3 s of real time.
    const stallAtMs = night.trace.entries.find(
      (entry) => entry.kind === 'sql' && entry.statement.kind === 'consensusKeepAlive' && entry.atMs > 7_295_000,
    )?.atMs;
    let stalled = false;
    server = await startEtcdServer();
    const result = await replayEtcdNight(server.url, night.scenario, night.trace, {
      realTtlSeconds: 3,
      beforeRequest: async (atMs) => {
        if (stalled || atMs !== stallAtMs) return;
        stalled = true;
        await new Promise((resolve) => setTimeout(resolve, 3000));
      },
    });
    expect(stalled).toBe(true);
    expect(result.late).toMatch(/the lease of [BC]#0 was \d+ ms old of 3000/);
  }, 300_000);

  it('replayed every etcd request, every one agreeing', () => {
    console.info(
      `${requests - mismatches.length} of ${requests} replayed etcd requests agree; ${keyChecks} key listings compared`,
    );
    expect(mismatches).toEqual([]);
    expect(requests).toBeGreaterThan(0);
  });
});
