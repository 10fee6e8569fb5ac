/**
 * The lab's verdict and report (docs/lab.md, "The verdict" and "The report"), built from what the
 * database holds at the end (the ledger, the lock row's history) and, for the built-in worker,
 * its statement log. Pure: the harness gathers the observation, this judges it. Safe also
 * needs the acceptance test to have happened, step by step (`acceptanceSteps.ts`).
 *
 * Times: real milliseconds on the database's clock (its rows) or the harness's (the workers'
 * log lines and the pauses, same machine) become simulated time of night: real time since the
 * night's start divided by the scale, from 02:00:00.
 */
import { formatTimeOfNightMs } from '../model/timeOfNight';
import type {
  CheckReport,
  ReportGrant,
  ReportRun,
  ReportViolation,
  ReportWrite,
} from '../sim/readings/checkReportTypes';
import { describeViolation } from '../sim/readings/describeViolation';
import { type Acceptance, judgeAcceptance } from './acceptanceSteps';
import {
  type GrantSpan,
  grantsOf,
  type LabObservation,
  type LedgerRow,
  type NightClock,
  nightClock,
  replicaOfHostIn,
} from './labObservation';

export interface LabReportExtras {
  readonly source: 'lab';
  readonly database: string;
  readonly scale: number;
  readonly worker: string;
  readonly pauses: readonly { readonly replica: string; readonly from: string; readonly to: string | null }[];
  /** Leaseline's addition, with `--lock redis` only: the Redis the lock was on, and the failover's times of night. */
  readonly redis?: LabRedisReport;
  /** Leaseline's addition, with `--lock etcd` only: the etcd the lock was on. */
  readonly etcd?: LabEtcdReport;
  /**
   * Leaseline's addition: `safe` (the CLI's SAFE, exit 0) only when the acceptance test happened
   * and nothing went wrong; `incomplete` (exit 2) when a step of it is missing; `no-pause` (exit
   * 0) when `--pause none` ran the job without a double apply, which is not the acceptance test.
   */
  readonly verdict: LabVerdict;
  readonly acceptance: Acceptance;
  /** Leaseline's addition: real milliseconds the database took to start (0 with --db) and the whole lab took. */
  readonly timings: { readonly databaseStartMs: number; readonly totalMs: number };
}

export interface LabEtcdReport {
  /** `etcd 3.4.23, one member` */
  readonly server: string;
}

export interface LabRedisReport {
  /** `redis-server 7.0.15, primary and replica` */
  readonly server: string;
  /** `--failover`: when the harness killed the primary and promoted the replica; null without. */
  readonly failover: { readonly primaryKilled: string; readonly replicaPromoted: string | null } | null;
}

export type LabVerdict = 'safe' | 'unsafe' | 'incomplete' | 'no-pause';

export type LabReport = CheckReport & LabReportExtras;

export function buildLabReport(
  file: string,
  observation: LabObservation,
  extras: Omit<LabReportExtras, 'source' | 'pauses' | 'scale' | 'verdict' | 'acceptance'>,
): LabReport {
  const clock = nightClock(observation);
  const time = formatTimeOfNightMs;
  const replicaOf = replicaOfHostIn(observation);
  const grants = grantsOf(observation, replicaOf);
  const writes = writesOf(observation, clock, replicaOf);
  const doubleApplied = doubleAppliedOf(observation.ledger);
  const violations = violationsOf(observation, clock, replicaOf, doubleApplied);
  const reportGrants: ReportGrant[] = grants.map((grant) => ({
    replica: grant.replica,
    token: grant.token,
    at: time(clock.fromDb(grant.atMs)),
    until: time(clock.fromDb(grant.untilMs)),
  }));
  const acceptance = judgeAcceptance(observation);
  const verdict = verdictOf(
    violations.some((violation) => violation.invariant === 'I3' || violation.invariant === 'I4'),
    acceptance,
    observation.pauseMode,
  );
  return {
    file,
    safe: verdict === 'safe' || verdict === 'no-pause',
    doubleApplied,
    grants: reportGrants,
    writes,
    runs: runsOf(observation, clock, grants),
    violations,
    source: 'lab',
    scale: observation.scale,
    pauses: observation.pauses.map((pause) => ({
      replica: pause.replica,
      from: time(clock.fromLocal(pause.fromLocalMs)),
      to: pause.toLocalMs === null ? null : time(clock.fromLocal(pause.toLocalMs)),
    })),
    verdict,
    acceptance,
    ...extras,
  };
}

/**
 * A double apply or a stale acceptance is a finding whatever else happened (exit 1); without
 * one, Safe needs the acceptance test's every step; `--pause none` needs a holder that committed.
 */
export function verdictOf(violated: boolean, acceptance: Acceptance, pauseMode: 'auto' | 'none'): LabVerdict {
  if (violated) return 'unsafe';
  if (acceptance.happened) return 'safe';
  const ranTheJob = acceptance.steps[0]?.status === 'observed';
  return pauseMode === 'none' && ranTheJob ? 'no-pause' : 'incomplete';
}

function writesOf(observation: LabObservation, clock: NightClock, replicaOf: (name: string) => string): ReportWrite[] {
  const time = formatTimeOfNightMs;
  const begins = observation.statements.filter((line) => line.kind === 'begin');
  const sentAtOf = (replica: string, order: number, atLocalMs: number): number | null => {
    const begin = begins.findLast(
      (line) => line.replica === replica && line.order === order && line.sentT <= atLocalMs,
    );
    return begin === undefined ? null : begin.sentT;
  };
  const commits = observation.statements.filter((line) => line.kind === 'commit');
  const accepted = observation.ledger.map((row) => {
    const replica = replicaOf(row.replica);
    const commit = commits.find((line) => line.replica === replica && line.order === row.order);
    const sent = commit === undefined ? null : sentAtOf(replica, row.order, commit.t);
    const atMs = clock.fromDb(row.committedAtMs);
    return {
      sortMs: atMs,
      write: {
        replica,
        order: row.order,
        token: row.token,
        sentAt: time(sent === null ? atMs : Math.min(atMs, clock.fromLocal(sent))),
        at: time(atMs),
        result: 'accepted' as const,
      },
    };
  });
  const stale = observation.statements
    .filter((line) => line.kind === 'writeFence' && line.outcome === 'stale' && line.order !== undefined)
    .map((line) => {
      const sent = sentAtOf(line.replica, line.order ?? 0, line.t) ?? line.sentT;
      const atMs = clock.fromLocal(line.t);
      return {
        sortMs: atMs,
        write: {
          replica: line.replica,
          order: line.order ?? 0,
          token: line.token ?? null,
          sentAt: time(clock.fromLocal(sent)),
          at: time(atMs),
          result: 'stale' as const,
        },
      };
    });
  return [...accepted, ...stale].sort((a, b) => a.sortMs - b.sortMs).map((entry) => entry.write);
}

function doubleAppliedOf(ledger: readonly LedgerRow[]): { order: number; times: number }[] {
  const counts = new Map<string, { order: number; times: number }>();
  for (const row of ledger) {
    const key = `${row.order}|${row.runDate}`;
    const entry = counts.get(key) ?? { order: row.order, times: 0 };
    entry.times += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].filter((entry) => entry.times > 1).sort((a, b) => a.order - b.order);
}

function violationsOf(
  observation: LabObservation,
  clock: NightClock,
  replicaOf: (name: string) => string,
  doubleApplied: readonly { order: number; times: number }[],
): ReportViolation[] {
  const time = formatTimeOfNightMs;
  const violations: { atMs: number; violation: ReportViolation }[] = [];
  for (const { order, times } of doubleApplied) {
    const rows = observation.ledger.filter((row) => row.order === order);
    const atMs = clock.fromDb(rows[1]?.committedAtMs ?? 0);
    violations.push({
      atMs,
      violation: {
        invariant: 'I3',
        at: time(atMs),
        message: describeViolation({ key: 'appliedTimes', order, times, unit: 'order' }),
      },
    });
  }
  let highest: number | null = null;
  for (const row of observation.ledger) {
    if (row.token === null) continue;
    if (highest !== null && row.token < highest) {
      const atMs = clock.fromDb(row.committedAtMs);
      violations.push({
        atMs,
        violation: {
          invariant: 'I4',
          at: time(atMs),
          message: describeViolation({
            key: 'tokenWentDown',
            replica: replicaOf(row.replica),
            token: row.token,
            highest,
          }),
        },
      });
    }
    highest = highest === null ? row.token : Math.max(highest, row.token);
  }
  return violations.sort((a, b) => a.atMs - b.atMs).map((entry) => entry.violation);
}

/**
 * Runs: from the built-in worker's log (a denied try or a try that found tonight done is a
 * skipped run; a granted one runs until its run line); for a worker of one's own, from the
 * lock row (each grant a run, ended by its release).
 */
function runsOf(observation: LabObservation, clock: NightClock, grants: readonly GrantSpan[]): ReportRun[] {
  const time = formatTimeOfNightMs;
  if (observation.statements.length === 0) {
    return grants.map((grant) => ({
      replica: grant.replica,
      token: grant.token,
      start: time(clock.fromDb(grant.atMs)),
      end: grant.releasedAtMs === null ? null : time(clock.fromDb(grant.releasedAtMs)),
      outcome: grant.releasedAtMs === null ? null : 'done',
    }));
  }
  const runs: { sortMs: number; run: ReportRun }[] = [];
  for (const line of observation.statements) {
    const startMs = clock.fromLocal(line.sentT);
    const skipped =
      (line.kind === 'acquire' && line.outcome === 'denied') || (line.kind === 'dueCheck' && line.outcome === 'done');
    if (skipped) {
      const run: ReportRun = {
        replica: line.replica,
        token: null,
        start: time(startMs),
        end: time(clock.fromLocal(line.t)),
        outcome: 'skipped',
      };
      runs.push({ sortMs: startMs, run });
    } else if (line.kind === 'acquire' && line.outcome === 'granted') {
      const end = observation.runLines.find((run) => run.replica === line.replica && run.t >= line.t);
      runs.push({
        sortMs: startMs,
        run: {
          replica: line.replica,
          token: line.token ?? null,
          start: time(startMs),
          end: end === undefined ? null : time(clock.fromLocal(end.t)),
          outcome: end === undefined ? null : end.outcome,
        },
      });
    }
  }
  return runs.sort((a, b) => a.sortMs - b.sortMs).map((entry) => entry.run);
}
