/**
 * `--out FILE`: the measured night as a scenario file (docs/scenario-format.md) with the lab's
 * configuration, the pause as a `pause` event at its measured time, and a `measured` section
 * (docs/measured-night.md): the report and the statement log. The app opens it and draws the
 * measured night beside the simulated night of the same configuration.
 */
import { formatDurationMs } from '../model/duration';
import { formatTimeOfNightMs, parseTimeOfNightMs } from '../model/timeOfNight';
import { leaseTtlSecondsOf } from './labEtcdKeys';
import { type LabObservation, NIGHT_START_MS, nightClock } from './labObservation';
import { type LabOptions, POLL_SIM_MS, PROMOTE_AFTER_SIM_MS, realMsOf } from './labOptions';
import type { LabReport } from './labReport';
import { replicaIds } from './runLab';

const WINDOW_MIN_END_MS = NIGHT_START_MS + 10 * 60_000;
const WINDOW_MAX_END_MS = 47 * 3_600_000;
/** The lab's replica never applies tonight's writes before the failover: a lag longer than any lab night. */
const REPLICA_LAG_SIM_MS = 3_600_000;
/** `measured.lockService`: where the lock was (docs/measured-night.md). */
const LOCK_SERVICE = { shedlock: 'postgresql', redis: 'redis', etcd: 'etcd' } as const;
const LOCK_PLACE = { shedlock: 'PostgreSQL', redis: 'Redis and PostgreSQL', etcd: 'etcd and PostgreSQL' } as const;

export function labScenarioFile(options: LabOptions, report: LabReport, observation: LabObservation): object {
  const clock = nightClock(observation);
  const time = formatTimeOfNightMs;
  const firstTry = new Map<string, number>();
  for (const line of observation.statements) {
    if (!firstTry.has(line.replica)) firstTry.set(line.replica, clock.fromLocal(line.sentT));
  }
  // A worker of one's own has no log: its first holder is given the first try, the others a moment later.
  const firstGrant = report.grants[0];
  const firstGrantMs = firstGrant === undefined ? NIGHT_START_MS : timeMs(firstGrant.at);
  const triggerAt = (id: string) =>
    firstTry.get(id) ?? (id === firstGrant?.replica ? firstGrantMs : firstGrantMs + 1000);
  const lastMs = Math.max(
    ...[...report.writes.map((write) => write.at), ...report.grants.map((grant) => grant.until ?? grant.at)].map(
      timeMs,
    ),
    NIGHT_START_MS,
  );
  const windowEndMs = Math.min(
    WINDOW_MAX_END_MS,
    Math.max(WINDOW_MIN_END_MS, Math.ceil((lastMs + 60_000) / 60_000) * 60_000),
  );
  const fencingText = options.fencing === 'off' ? 'no fencing' : `${options.fencing} fencing`;
  return {
    format: 'leaseline/scenario',
    version: 1,
    title: `Measured on ${LOCK_PLACE[options.lock]}: ${options.replicas} replica${options.replicas === 1 ? '' : 's'}, ${fencingText}`,
    description: `leaseline lab ran this night on ${report.database.split(',')[0]} with ${report.worker === 'built-in' ? 'the built-in worker' : `the worker "${report.worker}"`} at ${options.scale} ms per simulated second; the pause is the harness's SIGSTOP of the holder.`,
    window: { from: time(NIGHT_START_MS), to: time(windowEndMs) },
    replicas: replicaIds(options.replicas).map(({ id, hostname }) => ({
      id,
      host: hostname,
      trigger: { at: time(triggerAt(id)), every: formatDurationMs(POLL_SIM_MS) },
    })),
    job: { kind: 'reconcile', load: '20s', perItem: '30s', markDone: '10s', skipIfDone: true },
    lock: lockOf(options),
    storage: { fencing: options.fencing, fenceOnAcquire: true, uniqueKey: false, lastToken: 6 },
    events: [
      ...report.pauses
        .filter((pause) => pause.to !== null)
        .map((pause, index) => ({
          id: `lab-pause-${index + 1}`,
          type: 'pause',
          replica: pause.replica,
          at: pause.from,
          for: formatDurationMs(Math.max(1, timeMs(pause.to ?? pause.from) - timeMs(pause.from))),
          label: 'SIGSTOP by the lab',
        })),
      ...(report.redis?.failover == null
        ? []
        : [
            {
              id: 'lab-failover',
              type: 'redisFailover',
              at: report.redis.failover.primaryKilled,
              label: 'SIGKILL by the lab',
            },
          ]),
    ],
    measured: {
      lockService: LOCK_SERVICE[options.lock],
      ...(options.failover ? { failover: true } : {}),
      report,
      statements: observation.statements.map((line) => ({
        replica: line.replica,
        sentAt: time(clock.fromLocal(line.sentT)),
        at: time(clock.fromLocal(line.t)),
        kind: line.kind,
        sql: line.sql,
        values: line.values,
        rows: line.rows,
        outcome: line.outcome,
      })),
    },
  };
}

/**
 * The lab's lock as a scenario's: ShedLock on database time, etcd's Mutex with its session TTL, or the Redis key with the lab's
 * token; with `--failover` a replica whose lag outlasts the night (the lab holds its writes from
 * the start, so the primary's death loses them all) promoted after the lab's 5 s.
 */
function lockOf(options: LabOptions): object {
  if (options.lock === 'shedlock') {
    return {
      kind: 'shedlock',
      lockAtMostFor: formatDurationMs(options.lockAtMostForMs),
      lockAtLeastFor: formatDurationMs(options.lockAtLeastForMs),
      time: 'db',
      token: options.token,
    };
  }
  if (options.lock === 'etcd') {
    // The session's TTL is whole real seconds (labEtcdKeys.ts), here turned back into simulated time;
    // the built-in worker looks whether the night is done once the wait is over.
    const ttlRealMs = leaseTtlSecondsOf(realMsOf(options, options.lockAtMostForMs)) * 1000;
    return {
      kind: 'etcd',
      sessionTtl: formatDurationMs(Math.round((ttlRealMs * 1000) / options.scale)),
      recheckAfterWait: true,
    };
  }
  return {
    kind: 'redis',
    ttl: formatDurationMs(options.lockAtMostForMs),
    release: 'compareAndDelete',
    ...(options.failover
      ? { replica: { lag: formatDurationMs(REPLICA_LAG_SIM_MS), promoteAfter: formatDurationMs(PROMOTE_AFTER_SIM_MS) } }
      : {}),
    token: options.redisToken,
  };
}

function timeMs(text: string): number {
  const parsed = parseTimeOfNightMs(text);
  return parsed.ok ? parsed.value : NIGHT_START_MS;
}
