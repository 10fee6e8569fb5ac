/**
 * The built-in presets (docs/model.md §9), each a scenario file under `files/`, with the
 * curriculum items of docs/model.md §10 it serves.
 */
import s01NoLock from './files/s01-no-lock.json';
import s01UniqueKey from './files/s01-unique-key.json';
import s02HappyPath from './files/s02-shedlock-happy-path.json';
import s03HolderCrashes from './files/s03-holder-crashes.json';
import s03aNoRetry from './files/s03a-holder-crashes-no-retry.json';
import s03bPlainLock from './files/s03b-plain-lock.json';
import s03cRestarts from './files/s03c-holder-restarts.json';
import s04Fixed from './files/s04-atmost-fixed.json';
import s04TooShort from './files/s04-atmost-too-short.json';
import s04TooShortFenced from './files/s04-atmost-too-short-fenced.json';
import s05AtLeastCoversSkew from './files/s05-atleast-covers-skew.json';
import s05DoneForDate from './files/s05-done-for-date.json';
import s05ShortJobSkew from './files/s05-short-job-clock-skew.json';
import s06AppTimeFastClock from './files/s06-app-time-fast-clock.json';
import s06DbTime from './files/s06-db-time.json';
import s07FencingOff from './files/s07-fencing-off.json';
import s07FencingOn from './files/s07-fencing-on.json';
import s08CheckThenWrite from './files/s08-check-then-write.json';
import s08CheckThenWriteFenced from './files/s08-check-then-write-fenced.json';
import s09DelayedWrite from './files/s09-delayed-write.json';
import s09DelayedWriteFenced from './files/s09-delayed-write-fenced.json';
import s10RedisFailover from './files/s10-redis-failover.json';
import s10RedisFailoverDbToken from './files/s10-redis-failover-db-token.json';
import s10RedisFailoverUniqueKey from './files/s10-redis-failover-unique-key.json';
import s11RedisClockJump from './files/s11-redis-clock-jump.json';
import s12LeaderDies from './files/s12-leader-dies.json';
import s13aPartitionedExits from './files/s13a-partitioned-leader-exits.json';
import s13bPartitionedContinues from './files/s13b-partitioned-leader-continues.json';
import s14PausedLeader from './files/s14-paused-leader.json';
import s14PausedLeaderFenced from './files/s14-paused-leader-fenced.json';
import s15EtcdSessionExpires from './files/s15-etcd-session-expires.json';
import s15bEtcdNoRecheck from './files/s15b-etcd-no-recheck.json';
import s15cEtcdRecheck from './files/s15c-etcd-recheck.json';
import s16OutboxCrash from './files/s16-outbox-crash-before-commit.json';
import s16OutboxForUpdate from './files/s16-outbox-for-update.json';
import s16OutboxNoLock from './files/s16-outbox-no-lock.json';
import s16OutboxSkipLocked from './files/s16-outbox-skip-locked.json';
import s17DigestClaimFirst from './files/s17-digest-claim-then-send.json';
import s17DigestSendFirst from './files/s17-digest-send-then-claim.json';
import s18Cleanup from './files/s18-cleanup-idempotent.json';
import s19aAdvisoryPause from './files/s19a-advisory-pause-keeps-it.json';
import s19bAdvisoryKilled from './files/s19b-advisory-killed-session.json';
import s20TokenAfterLoad from './files/s20-token-after-load.json';
import s20TokenInGrant from './files/s20-token-in-grant.json';
import s21FullFence from './files/s21-full-fence.json';
import s21aPerRowFencing from './files/s21a-per-row-fencing.json';
import s21bNoFenceOnAcquire from './files/s21b-no-fence-on-acquire.json';
import s22KeepAliveStarved from './files/s22-keepalive-starved.json';
import s22KeepAliveStarvedFenced from './files/s22-keepalive-starved-fenced.json';
import type { Preset } from './presetTypes';

const preset = (id: string, curriculum: readonly string[], document: { title: string }): Preset => ({
  id,
  title: document.title,
  curriculum,
  document,
});

export const PRESETS: readonly Preset[] = [
  preset('s01-no-lock', ['L1', 'L5', 'Q1', 'EX01'], s01NoLock),
  preset('s01-unique-key', ['L1', 'EX01'], s01UniqueKey),
  preset('s02-shedlock-happy-path', ['L3', 'L5', 'Q9'], s02HappyPath),
  preset('s03-holder-crashes', ['L2', 'L5', 'Q2', 'EX05'], s03HolderCrashes),
  preset('s03a-holder-crashes-no-retry', ['L2', 'Q2'], s03aNoRetry),
  preset('s03b-plain-lock', ['L2', 'Q2'], s03bPlainLock),
  preset('s03c-holder-restarts', ['L2'], s03cRestarts),
  preset('s04-atmost-too-short', ['L3', 'Q10', 'EX05'], s04TooShort),
  preset('s04-atmost-too-short-fenced', ['L3', 'L4', 'Q10'], s04TooShortFenced),
  preset('s04-atmost-fixed', ['EX05'], s04Fixed),
  preset('s05-short-job-clock-skew', ['L3', 'EX05'], s05ShortJobSkew),
  preset('s05-atleast-covers-skew', ['L3', 'EX05'], s05AtLeastCoversSkew),
  preset('s05-done-for-date', ['L3', 'EX05'], s05DoneForDate),
  preset('s06-app-time-fast-clock', ['L3'], s06AppTimeFastClock),
  preset('s06-db-time', ['L3'], s06DbTime),
  preset('s07-fencing-off', ['L4', 'L5', 'EX03', 'Q4', 'Q8'], s07FencingOff),
  preset('s07-fencing-on', ['L4', 'L5', 'EX04', 'Q5', 'Q8', 'lab'], s07FencingOn),
  preset('s08-check-then-write', ['L4', 'Q6'], s08CheckThenWrite),
  preset('s08-check-then-write-fenced', ['L4', 'Q6'], s08CheckThenWriteFenced),
  preset('s09-delayed-write', ['L4', 'EX03', 'Q4'], s09DelayedWrite),
  preset('s09-delayed-write-fenced', ['L4', 'lab'], s09DelayedWriteFenced),
  preset('s10-redis-failover', ['L3', 'Q7', 'EX06'], s10RedisFailover),
  preset('s10-redis-failover-db-token', ['L3', 'Q7', 'EX06'], s10RedisFailoverDbToken),
  preset('s10-redis-failover-unique-key', ['L3', 'EX06'], s10RedisFailoverUniqueKey),
  preset('s11-redis-clock-jump', ['L3', 'Q7', 'EX06'], s11RedisClockJump),
  preset('s12-leader-dies', ['L2', 'EX02'], s12LeaderDies),
  preset('s13a-partitioned-leader-exits', ['L2', 'EX02'], s13aPartitionedExits),
  preset('s13b-partitioned-leader-continues', ['L2', 'EX02'], s13bPartitionedContinues),
  preset('s14-paused-leader', ['L2', 'EX02'], s14PausedLeader),
  preset('s14-paused-leader-fenced', ['L2', 'L4', 'EX02'], s14PausedLeaderFenced),
  preset('s15-etcd-session-expires', ['L2', 'L4', 'Q5'], s15EtcdSessionExpires),
  preset('s15b-etcd-no-recheck', ['L2', 'L4'], s15bEtcdNoRecheck),
  preset('s15c-etcd-recheck', ['L2', 'L4'], s15cEtcdRecheck),
  preset('s16-outbox-skip-locked', ['L1', 'Q3', 'EX01'], s16OutboxSkipLocked),
  preset('s16-outbox-crash-before-commit', ['L1', 'Q3', 'EX01'], s16OutboxCrash),
  preset('s16-outbox-for-update', ['L1', 'Q3'], s16OutboxForUpdate),
  preset('s16-outbox-no-lock', ['L1', 'Q3', 'EX01'], s16OutboxNoLock),
  preset('s17-digest-claim-then-send', ['L1', 'EX01'], s17DigestClaimFirst),
  preset('s17-digest-send-then-claim', ['L1', 'EX01'], s17DigestSendFirst),
  preset('s18-cleanup-idempotent', ['L1', 'EX01'], s18Cleanup),
  preset('s19a-advisory-pause-keeps-it', ['L3'], s19aAdvisoryPause),
  preset('s19b-advisory-killed-session', ['L3'], s19bAdvisoryKilled),
  preset('s20-token-after-load', ['L4'], s20TokenAfterLoad),
  preset('s20-token-in-grant', ['L4'], s20TokenInGrant),
  preset('s21a-per-row-fencing', ['L4', 'EX04'], s21aPerRowFencing),
  preset('s21b-no-fence-on-acquire', ['L4', 'EX04'], s21bNoFenceOnAcquire),
  preset('s21-full-fence', ['L4', 'EX04', 'lab'], s21FullFence),
  preset('s22-keepalive-starved', ['L3'], s22KeepAliveStarved),
  preset('s22-keepalive-starved-fenced', ['L3', 'L4'], s22KeepAliveStarvedFenced),
];

/** The preset with this id, or undefined. */
export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((candidate) => candidate.id === id);
}
