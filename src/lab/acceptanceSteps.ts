/**
 * Did the acceptance test happen? The lab's Safe is a claim that it did, so each of its steps
 * must be seen in the database (the lock row's history, the ledger) and the process table (the
 * pauses the harness made, how each worker ended): a holder that committed a write, that holder
 * paused while it held the lock for longer than its lease, another worker that took the lock
 * (with a higher token where tokens are on) and committed, and the paused worker resumed and
 * left to live on. A step that did not happen is named in a sentence; the steps after a step
 * they depend on are "not reached". Pure.
 *
 * Every comparison is in simulated time of night: the database's times and the harness's are
 * turned into it by the same clock as the report's.
 */
import { formatTimeOfNightShort } from '../model/timeOfNight';
import { type GrantSpan, grantsOf, type LabObservation, nightClock, replicaOfHostIn } from './labObservation';

export const ACCEPTANCE_STEPS = ['holderCommitted', 'pausedPastLease', 'takeoverCommitted', 'resumed'] as const;
export type AcceptanceStepId = (typeof ACCEPTANCE_STEPS)[number];

export interface AcceptanceStep {
  readonly step: AcceptanceStepId;
  readonly status: 'observed' | 'missing' | 'notReached';
  /** What was seen, what is missing, or (not reached) the missing step it waits on, in one sentence. */
  readonly says: string;
}

export interface Acceptance {
  /** Every step observed. */
  readonly happened: boolean;
  readonly steps: readonly AcceptanceStep[];
  /** The sentences of the missing steps, in the test's order. */
  readonly missing: readonly string[];
}

interface Grant {
  readonly replica: string;
  readonly token: number | null;
  readonly atMs: number;
  /** Simulated times of night. */
  readonly releasedAtMs: number | null;
  readonly leases: readonly { readonly changedAtMs: number; readonly untilMs: number }[];
}

interface Write {
  readonly replica: string;
  readonly order: number;
  readonly atMs: number;
}

interface Tenure {
  readonly grant: Grant;
  /** When the next grant began (the end of this holder's tenure), or null for the last. */
  readonly endMs: number | null;
  readonly firstWrite: Write | undefined;
}

/** The night in simulated time, ready for the steps. */
interface Night {
  readonly observation: LabObservation;
  readonly tenures: readonly Tenure[];
  readonly writes: readonly Write[];
  readonly pauses: readonly { readonly replica: string; readonly fromMs: number; readonly toMs: number | null }[];
  readonly ends: readonly {
    readonly replica: string;
    readonly atMs: number;
    readonly code: number | null;
    readonly byHarness: boolean;
  }[];
  readonly endMs: number;
  /** One retry period in simulated ms. */
  readonly retrySimMs: number;
}

const time = formatTimeOfNightShort;
const tokenText = (token: number | null) => (token === null ? '' : ` (token ${token})`);

export function judgeAcceptance(observation: LabObservation): Acceptance {
  const steps = stepsOf(nightOf(observation));
  return {
    happened: steps.every((step) => step.status === 'observed'),
    steps,
    missing: steps.filter((step) => step.status === 'missing').map((step) => step.says),
  };
}

function nightOf(observation: LabObservation): Night {
  const clock = nightClock(observation);
  const replicaOf = replicaOfHostIn(observation);
  const grants = grantsOf(observation, replicaOf).map((grant: GrantSpan) => ({
    replica: grant.replica,
    token: grant.token,
    atMs: clock.fromDb(grant.atMs),
    releasedAtMs: grant.releasedAtMs === null ? null : clock.fromDb(grant.releasedAtMs),
    leases: grant.leases.map((lease) => ({
      changedAtMs: clock.fromDb(lease.changedAtMs),
      untilMs: clock.fromDb(lease.untilMs),
    })),
  }));
  const writes = observation.ledger
    .map((row) => ({ replica: replicaOf(row.replica), order: row.order, atMs: clock.fromDb(row.committedAtMs) }))
    .sort((a, b) => a.atMs - b.atMs);
  const tenures = grants.map((grant, index) => {
    const endMs = grants[index + 1]?.atMs ?? null;
    const firstWrite = writes.find(
      (write) => write.replica === grant.replica && write.atMs >= grant.atMs && (endMs === null || write.atMs < endMs),
    );
    return { grant, endMs, firstWrite };
  });
  return {
    observation,
    tenures,
    writes,
    pauses: observation.pauses.map((pause) => ({
      replica: pause.replica,
      fromMs: clock.fromLocal(pause.fromLocalMs),
      toMs: pause.toLocalMs === null ? null : clock.fromLocal(pause.toLocalMs),
    })),
    ends: observation.workerEnds.map((end) => ({
      replica: end.replica,
      atMs: clock.fromLocal(end.atLocalMs),
      code: end.code,
      byHarness: end.killedByHarness,
    })),
    endMs: clock.fromLocal(observation.endLocalMs),
    retrySimMs: Math.round((observation.retryMs * 1000) / observation.scale),
  };
}

const observed = (step: AcceptanceStepId, says: string): AcceptanceStep => ({ step, status: 'observed', says });
const missing = (step: AcceptanceStepId, says: string): AcceptanceStep => ({ step, status: 'missing', says });
/** A step that cannot be judged because one it needs is missing; `says` names that one. */
const notReached = (step: AcceptanceStepId, because: string): AcceptanceStep => ({
  step,
  status: 'notReached',
  says: because,
});

function stepsOf(night: Night): AcceptanceStep[] {
  const committed = night.tenures.filter((tenure) => tenure.firstWrite !== undefined);
  if (committed.length === 0) {
    return [
      missing('holderCommitted', noCommitSentence(night)),
      notReached('pausedPastLease', 'no holder committed a write'),
      notReached('takeoverCommitted', 'no holder committed a write'),
      notReached('resumed', 'no holder committed a write'),
    ];
  }
  // The harness pauses the holder at its first committed write: judge the holder it paused.
  const firstPause = night.pauses[0];
  const holder =
    committed.findLast(
      (tenure) =>
        firstPause !== undefined &&
        tenure.grant.replica === firstPause.replica &&
        tenure.grant.atMs <= firstPause.fromMs,
    ) ?? (committed[0] as Tenure);
  const { grant } = holder;
  const write = holder.firstWrite as Write;
  const first = observed(
    'holderCommitted',
    `${grant.replica} took the lock${tokenText(grant.token)} at ${time(grant.atMs)} and committed order ${write.order} at ${time(write.atMs)}`,
  );
  if (night.observation.pauseMode === 'none') {
    return [
      first,
      missing('pausedPastLease', 'no pause was made (--pause none): this run is not the acceptance test'),
      notReached('takeoverCommitted', 'no pause was made'),
      notReached('resumed', 'no pause was made'),
    ];
  }
  const pause = night.pauses.find((candidate) => candidate.replica === grant.replica && candidate.fromMs >= grant.atMs);
  const gone = pause === undefined ? undefined : endedBySelfBefore(night, grant.replica, pause.toMs);
  if (pause === undefined || gone !== undefined) {
    const end = gone ?? night.ends.find((candidate) => candidate.replica === grant.replica && !candidate.byHarness);
    const exited = end === undefined ? '' : ` (${grant.replica} exited with status ${end.code} at ${time(end.atMs)})`;
    return [
      first,
      missing('pausedPastLease', `the holder was never paused: it finished before the pause${exited}`),
      notReached('takeoverCommitted', 'the holder was never paused'),
      notReached('resumed', 'the holder was never paused'),
    ];
  }
  const pauseEndMs = pause.toMs ?? night.endMs;
  return [
    first,
    pauseStep(grant, pause.fromMs, pauseEndMs),
    takeoverStep(night, grant, pause.fromMs, pauseEndMs),
    resumeStep(night, grant.replica, pause.toMs),
  ];
}

function noCommitSentence(night: Night): string {
  const { observation } = night;
  const hung =
    observation.deadlineReached && night.writes.length === 0
      ? `; the worker${observation.replicas.length === 1 ? '' : 's'} hung: no write in ${observation.deadlineMs / 1000} s`
      : '';
  // A write without the lock is the classic wrong solution: say so, it is why nothing counts.
  const stray = night.writes[0];
  const strayText =
    stray === undefined
      ? ''
      : `; ${stray.replica} committed order ${stray.order} at ${time(stray.atMs)} without holding it`;
  const firstGrant = night.tenures[0]?.grant;
  if (firstGrant === undefined) {
    const why = observation.deadlineReached ? '' : ': every worker exited without taking it';
    return `no worker took the lock${why}${strayText}${hung}`;
  }
  return `no worker committed a write while it held the lock (${firstGrant.replica} took it${tokenText(firstGrant.token)} at ${time(firstGrant.atMs)})${strayText}${hung}`;
}

/** The replica's own end (not the harness's kill) before `beforeMs`: it was gone, so nothing was paused. */
function endedBySelfBefore(night: Night, replica: string, beforeMs: number | null) {
  return night.ends.find(
    (end) => end.replica === replica && !end.byHarness && (beforeMs === null || end.atMs < beforeMs),
  );
}

function pauseStep(grant: Grant, fromMs: number, toMs: number): AcceptanceStep {
  const who = grant.replica;
  if (grant.releasedAtMs !== null && grant.releasedAtMs <= fromMs) {
    return missing(
      'pausedPastLease',
      `the holder was never paused while it held the lock: it finished before the pause (${who} released the lock at ${time(grant.releasedAtMs)}, the pause came at ${time(fromMs)})`,
    );
  }
  const leaseEndMs =
    grant.leases.findLast((lease) => lease.changedAtMs <= fromMs)?.untilMs ?? grant.leases[0]?.untilMs ?? fromMs;
  if (leaseEndMs <= fromMs) {
    return missing(
      'pausedPastLease',
      `the holder was never paused while it held the lock: ${who}'s lease had ended at ${time(leaseEndMs)}, before the pause at ${time(fromMs)}`,
    );
  }
  if (toMs <= leaseEndMs) {
    return missing(
      'pausedPastLease',
      `the holder was not paused past its lease: ${who} was paused from ${time(fromMs)} to ${time(toMs)} and its lease ran until ${time(leaseEndMs)} (the pause must outlast lockAtMostFor)`,
    );
  }
  return observed(
    'pausedPastLease',
    `${who} was paused (SIGSTOP) at ${time(fromMs)} while it held the lock, until ${time(toMs)}, past its lease's end at ${time(leaseEndMs)}`,
  );
}

function takeoverStep(night: Night, grant: Grant, fromMs: number, toMs: number): AcceptanceStep {
  const who = grant.replica;
  const others = night.tenures.filter((tenure) => tenure.grant.replica !== who && tenure.grant.atMs > grant.atMs);
  const during = others.filter((tenure) => tenure.grant.atMs >= fromMs && tenure.grant.atMs <= toMs);
  if (during.length === 0) {
    const later = others.find((tenure) => tenure.grant.atMs > toMs)?.grant;
    const laterText =
      later === undefined ? '' : `; ${later.replica} took the lock only at ${time(later.atMs)}, after the pause`;
    return missing(
      'takeoverCommitted',
      `nobody took over during the pause (${who} was paused from ${time(fromMs)} to ${time(toMs)})${laterText}`,
    );
  }
  const higher =
    grant.token === null
      ? during
      : during.filter((tenure) => tenure.grant.token !== null && tenure.grant.token > (grant.token as number));
  if (higher.length === 0) {
    const taker = (during[0] as Tenure).grant;
    return missing(
      'takeoverCommitted',
      `${taker.replica} took the lock during the pause with token ${taker.token ?? 'none'}, not above ${who}'s token ${grant.token}`,
    );
  }
  const committing = higher.find((tenure) =>
    night.writes.some((write) => write.replica === tenure.grant.replica && write.atMs >= tenure.grant.atMs),
  );
  if (committing === undefined) {
    const taker = (higher[0] as Tenure).grant;
    return missing(
      'takeoverCommitted',
      `${taker.replica} took the lock during the pause${tokenText(taker.token)} at ${time(taker.atMs)} but committed no write`,
    );
  }
  const taker = committing.grant;
  const write = night.writes.find(
    (candidate) => candidate.replica === taker.replica && candidate.atMs >= taker.atMs,
  ) as Write;
  return observed(
    'takeoverCommitted',
    `${taker.replica} took the lock${tokenText(taker.token)} at ${time(taker.atMs)} during ${who}'s pause and committed order ${write.order} at ${time(write.atMs)}`,
  );
}

function resumeStep(night: Night, replica: string, resumedAtMs: number | null): AcceptanceStep {
  const { observation } = night;
  const stopped = observation.deadlineReached
    ? `the lab stopped every worker at its deadline (${observation.deadlineMs / 1000} s)`
    : 'the lab ended';
  if (resumedAtMs === null) {
    return missing('resumed', `${replica} was never resumed: ${stopped} at ${time(night.endMs)} while it was paused`);
  }
  const end = night.ends.find((candidate) => candidate.replica === replica && candidate.atMs >= resumedAtMs);
  if (end?.byHarness === true && end.atMs - resumedAtMs < night.retrySimMs) {
    return missing(
      'resumed',
      `${replica} was resumed (SIGCONT) at ${time(resumedAtMs)} but ${stopped} at ${time(end.atMs)}, less than one retry period later: it had no time to act`,
    );
  }
  const after =
    end === undefined
      ? `was still running when the lab ended at ${time(night.endMs)}`
      : end.byHarness
        ? `ran on until the lab stopped it at ${time(end.atMs)}`
        : `ran on until it exited with status ${end.code} at ${time(end.atMs)}`;
  return observed('resumed', `${replica} was resumed (SIGCONT) at ${time(resumedAtMs)} and ${after}`);
}
