/**
 * A key moment (data, src/sim/readings/keyMoments.ts) in words: the template key and its parameters,
 * rendered through the injected `describe` (the app's i18next, English by default). The full
 * sentence goes on the chart and into the live region; the short form is the chart's fallback
 * when the sentence has no room. Pure.
 */
import type { KeyMoment } from '../sim/readings/keyMoments';
import type { Describe } from './describeDefaults';
import { formatTime } from './timeText';

/** Within this of a whole second, a time is the latency model's noise: shown to the second. */
const NOISE_MS = 10;

/** `02:05:00` for 02:05:00.002 (the 2 ms are the model's latency), `02:00:05.500` when ms matter. */
export function momentTime(ms: number): string {
  const second = Math.round(ms / 1000) * 1000;
  return formatTime(Math.abs(ms - second) <= NOISE_MS ? second : ms);
}

/** `5 min`, `1 min 30 s`, `400 ms`: a clock jump's size in words. */
function spokenDuration(ms: number, describeText: Describe): string {
  const abs = Math.abs(Math.round(ms));
  if (abs < 1000) return describeText('moment.duration.ms', { ms: abs });
  const totalS = Math.round(abs / 1000);
  const m = Math.floor(totalS / 60);
  const s = totalS % 60;
  if (m === 0) return describeText('moment.duration.s', { s });
  return s === 0 ? describeText('moment.duration.min', { m }) : describeText('moment.duration.minS', { m, s });
}

type Params = Record<string, string | number>;

/** The template key and parameters of the full sentence. */
export function keyMomentMessage(moment: KeyMoment, describeText: Describe): { key: string; params: Params } {
  const replica = moment.replica ?? '';
  const time = momentTime(moment.atMs);
  switch (moment.kind) {
    case 'grant': {
      const params = { replica, token: moment.token ?? '', previous: moment.previous ?? '' };
      if (moment.lock === 'lease' && moment.token !== null) return { key: `moment.grant.${moment.mode}.lease`, params };
      return { key: `moment.grant.${moment.mode}${moment.token === null ? '.noToken' : ''}`, params };
    }
    case 'leaseExpires':
      return { key: withLock('moment.leaseExpires', moment.lock, ['redis', 'lease']), params: { replica, time } };
    case 'release':
      return { key: withLock('moment.release', moment.lock, ['lease']), params: { replica } };
    case 'forcedExpiry':
      return { key: 'moment.forcedExpiry', params: { replica, time } };
    case 'sessionEnded':
      return {
        key: withLock('moment.sessionEnded', moment.lock, ['etcd', 'zookeeper', 'advisory']),
        params: { replica, time },
      };
    case 'lockLost':
      return {
        key: withLock('moment.lockLost', moment.lock, ['shedlock', 'lease', 'etcd', 'zookeeper']),
        params: { replica },
      };
    case 'pause': {
      const variant = moment.holding ? (moment.beforeWrite ? '.beforeWrite' : '.holding') : '';
      return { key: `moment.pause${variant}`, params: { replica, time } };
    }
    case 'wake':
      if (moment.leadsUntilMs !== null)
        return { key: 'moment.wake.stillLeads', params: { replica, time, until: momentTime(moment.leadsUntilMs) } };
      return {
        key: moment.belief === 'none' ? 'moment.wake' : `moment.wake.${moment.belief}`,
        params: { replica, time },
      };
    case 'crash':
      return { key: moment.holding ? 'moment.crash.holding' : 'moment.crash', params: { replica, time } };
    case 'restart':
      return { key: 'moment.restart', params: { replica, time } };
    case 'exit':
      return { key: 'moment.exit', params: { replica } };
    case 'redisPrimaryDown':
      return { key: 'moment.redisPrimaryDown', params: { time } };
    case 'redisPromoted':
      return moment.keyLostBy === null
        ? { key: 'moment.redisPromoted', params: {} }
        : { key: 'moment.redisPromoted.keyLost', params: { replica: moment.keyLostBy } };
    case 'clockJump': {
      const direction = moment.byMs >= 0 ? 'ahead' : 'back';
      const node = moment.node === 'redis' || moment.node === 'db' ? `${moment.node}.` : '';
      return {
        key: `moment.clockJump.${node}${direction}`,
        params: { node: moment.node, by: spokenDuration(moment.byMs, describeText) },
      };
    }
    case 'write':
      return writeMessage(moment);
    case 'runMissed':
      return { key: `moment.runMissed.${moment.job}`, params: {} };
  }
}

function writeMessage(moment: Extract<KeyMoment, { kind: 'write' }>): { key: string; params: Params } {
  const { order } = moment;
  switch (moment.outcome) {
    case 'appliedAgain':
      return moment.times === 2
        ? { key: `moment.write.appliedTwice.${moment.job}`, params: { order } }
        : { key: `moment.write.appliedTimes.${moment.job}`, params: { order, count: moment.times } };
    case 'stale':
      if (moment.token === null) return { key: 'moment.write.stale.noToken', params: { order } };
      if (moment.highestToken === null)
        return { key: 'moment.write.stale.unknownHighest', params: { order, token: moment.token } };
      return { key: 'moment.write.stale', params: { order, token: moment.token, highest: moment.highestToken } };
    case 'staleAccepted':
      return {
        key: 'moment.write.staleAccepted',
        params: { order, token: moment.token ?? '', highest: moment.highestToken ?? '' },
      };
    case 'duplicate':
      return { key: `moment.write.duplicate.${moment.job}`, params: { order, replica: moment.replica ?? '' } };
  }
}

/** `moment.release.lease` when the lock has its own wording, else `moment.release`. */
function withLock(key: string, lock: string, own: readonly string[]): string {
  return own.includes(lock) ? `${key}.${lock}` : key;
}

/** Pure: the moment's sentence, `B takes over with token 8`. */
export function keyMomentSentence(moment: KeyMoment, describeText: Describe): string {
  const { key, params } = keyMomentMessage(moment, describeText);
  return describeText(key, params);
}

/** Pure: what the live region says when the playhead jumps there, `02:05:10: B takes over with token 8`. */
export function keyMomentAnnouncement(moment: KeyMoment, describeText: Describe): string {
  return describeText('moment.announce', {
    time: momentTime(moment.atMs),
    sentence: keyMomentSentence(moment, describeText),
  });
}

/** Pure: the chart's short label when the sentence has no room, `B takes over`, `#1003 ×2`. */
export function keyMomentShort(moment: KeyMoment, describeText: Describe): string {
  const replica = moment.replica ?? '';
  switch (moment.kind) {
    case 'grant':
      if (moment.mode === 'takeover' || moment.mode === 'overlap')
        return describeText('momentShort.takeover', { replica });
      return moment.token === null
        ? describeText('momentShort.grant.noToken', { replica })
        : describeText('momentShort.grant', { replica, token: moment.token });
    case 'write':
      if (moment.outcome === 'appliedAgain')
        return describeText('momentShort.write.appliedAgain', { order: moment.order, count: moment.times });
      return describeText(`momentShort.write.${moment.outcome}`, {
        order: moment.order,
        replica: moment.replica ?? '',
      });
    case 'clockJump':
      return describeText('momentShort.clockJump', { node: moment.node });
    default:
      return describeText(`momentShort.${moment.kind}`, { replica });
  }
}

type FailoverMoments = {
  readonly down: Extract<KeyMoment, { kind: 'redisPrimaryDown' }>;
  readonly promoted: Extract<KeyMoment, { kind: 'redisPromoted' }>;
};

/**
 * Pure: a Redis failover (the primary dies, the replica is promoted) as one sentence, for a
 * chart on which the two moments are too close to be labelled apart (S10: 5 s apart, a few
 * pixels on a 1280 px window): `The Redis primary dies at 02:00:00.500; the replica takes
 * over without A's key`. The live region still tells them one by one.
 */
export function failoverSentence({ down, promoted }: FailoverMoments, describeText: Describe): string {
  const time = momentTime(down.atMs);
  return promoted.keyLostBy === null
    ? describeText('moment.redisFailover', { time })
    : describeText('moment.redisFailover.keyLost', { time, replica: promoted.keyLostBy });
}

/** Pure: the failover's short label, `Redis failover: A's key lost`. */
export function failoverShort({ promoted }: FailoverMoments, describeText: Describe): string {
  return promoted.keyLostBy === null
    ? describeText('momentShort.redisFailover', {})
    : describeText('momentShort.redisFailover.keyLost', { replica: promoted.keyLostBy });
}
