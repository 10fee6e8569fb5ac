/**
 * Every word the timeline puts on screen or into an accessible name goes through one injected
 * function, `describe(key, params)`, so the app can route it through its i18n layer. The
 * English defaults are i18next-style templates (`{{name}}`), so the app can merge
 * `TIMELINE_MESSAGES_EN` into its resources as they are (keys contain dots: use them under a
 * namespace with `keySeparator: false`, or nest them). Plurals are i18next's `_one`/`_other` on `count`. Params are already formatted: times in
 * the file's notation (`02:01:30`), tokens as digits.
 */

import { KEY_MOMENT_MESSAGES_EN, VIOLATION_WORDS_EN, WRITE_LABELS_EN } from './keyMomentMessages';

export type Describe = (key: string, params: Readonly<Record<string, string | number>>) => string;

export const TIMELINE_MESSAGES_EN: Readonly<Record<string, string>> = {
  'lane.replica': 'Replica {{replica}}',
  'lane.lock': 'Lock',
  'lane.storage': 'Storage',
  'lane.redisPrimary': 'Redis primary',
  'lane.redisReplica': 'Redis replica',
  'lane.leaseRecord': 'Lease record',
  'lane.etcdKeys': 'etcd keys',
  'lane.zookeeperNodes': 'ZooKeeper nodes',
  'lane.outbox': 'Outbox rows',
  'lane.digest': 'Digest record',
  'lane.cleanup': 'Expired rows',
  'service.down': 'down',
  'serviceBar.redis': '{{value}}',
  'serviceBar.lease': '{{holder}} · transitions {{transitions}}',
  'serviceBar.etcdKey': '{{replica}} · rev {{number}}',
  'serviceBar.zookeeperNode': '{{replica}} · seq {{number}}',
  'serviceBar.claim': '{{by}}',
  'serviceBar.digest': 'sent for tonight · emails sent: {{sent}}',
  'serviceState.redisDown': 'down (the primary died)',
  'serviceState.redisKey': 'lock key {{value}}, expires {{expires}}, INCR counter {{counter}}',
  'serviceState.redisNoKey': 'no lock key, INCR counter {{counter}}',
  'serviceState.redisPromoted': '; promoted to primary',
  'serviceState.leaseEmpty': 'no holder yet, leaseTransitions {{transitions}}',
  'serviceState.lease': 'holderIdentity {{holder}}, renewTime {{renewed}}, leaseTransitions {{transitions}}',
  'serviceState.leaseStale':
    'holderIdentity {{holder}}, renewTime {{renewed}} (older than leaseDuration: candidates may take it), leaseTransitions {{transitions}}',
  'serviceState.noKeys': 'no keys',
  // Between the items of a list in a readout ("A 7 (holds), B 8 (waits)").
  'list.separator': ', ',
  'serviceState.keyHolds': '{{replica}} {{number}} (holds, session {{session}})',
  'serviceState.keyWaits': '{{replica}} {{number}} (waits)',
  'serviceState.rowsClaimed': '{{count}} claimed by {{by}}',
  'serviceState.rowsSent': '{{count}} sent',
  'serviceState.rowsUnsent': '{{count}} unsent',
  'serviceState.digestRecorded': 'sent for tonight recorded; emails sent: {{sent}}',
  'serviceState.digestNotRecorded': 'no record for tonight; emails sent: {{sent}}',
  'serviceState.cleanup': '{{deleted}} deleted, {{left}} left',

  'event.pause': 'Pause, replica {{replica}}',
  'event.pauseBeforeWrite': 'Pause before the write of {{item}}, replica {{replica}}',
  'event.crash': 'Crash, replica {{replica}}',
  'event.restart': 'Restart, replica {{replica}}',
  'event.clockJump.replica': 'Clock jump, replica {{node}}',
  'event.clockJump.node': 'Clock jump, {{node}}',
  'event.delayWrite': 'Delayed write of {{item}}, replica {{replica}}',
  'event.partition': 'Partition, replica {{replica}}',
  'event.starveRenewer': 'Starved renewer, replica {{replica}}',
  'event.expireLock': 'Forced lock expiry',
  'event.redisFailover': 'Redis failover',
  'event.killSession': 'Killed session, replica {{replica}}',
  'event.trigger': 'Run now, replica {{replica}}',

  'value.span': '{{from}} to {{to}}',
  'value.point': '{{at}}',
  'value.clockJump': '{{at}}, by {{by}}',

  'activity.idle': 'idle',
  'activity.dueCheck': 'due check',
  'activity.acquiring': 'acquiring',
  'activity.fencing': 'fencing',
  'activity.loading': 'loading',
  'activity.minting': 'minting',
  'activity.computing': 'computing',
  'activity.checkingHolder': 'holder check',
  'activity.writing': 'writing',
  'activity.markingDone': 'marking done',
  'activity.recording': 'recording',
  'activity.releasing': 'releasing',

  'process.paused': 'paused',
  'process.down': 'down',

  'belief.token': '{{replica}} believes it holds token {{token}}, until {{until}} by its clock',
  'belief.tokenNoExpiry': '{{replica}} believes it holds token {{token}}',
  'belief.noToken': '{{replica}} believes it holds the lock, until {{until}} by its clock',
  'belief.noTokenNoExpiry': '{{replica}} believes it holds the lock',

  'lease.token': '{{replica}} · token {{token}}',
  'lease.noToken': '{{replica}}',
  'leaseEnd.label': "End of {{lease}}'s lease",

  'lockRow.held': 'lock_until {{until}}, locked_by {{lockedBy}}, fencing_token {{token}}',

  'write.name': 'Write of order {{order}} by {{replica}}, token {{token}}, {{result}}',
  'write.nameDoubled': 'Write of order {{order}} by {{replica}}, token {{token}}, {{result}}, applied more than once',
  'write.name.outbox': 'Publish of outbox row {{order}} by {{replica}}, {{result}}',
  'write.nameDoubled.outbox': 'Publish of outbox row {{order}} by {{replica}}, {{result}}, published more than once',
  'write.name.digest': 'Digest email sent by {{replica}}, {{result}}',
  'write.nameDoubled.digest': 'Digest email sent by {{replica}}, {{result}}, sent more than once',
  'write.name.cleanup': 'Delete of expired row {{order}} by {{replica}}, {{result}}',
  'write.nameDoubled.cleanup': 'Delete of expired row {{order}} by {{replica}}, {{result}}, deleted more than once',
  'write.noToken': 'none',

  'item.reconcile': 'order {{order}}',
  'item.outbox': 'outbox row {{order}}',
  'item.digest': 'the digest email',
  'item.cleanup': 'expired row {{order}}',
  'write.result.accepted': 'accepted',
  'write.result.stale': 'stale',
  'write.result.duplicate': 'duplicate',

  zombie: 'Zombie window: {{zombies}} still believed it held the lock after {{takers}} took it, {{from}} to {{to}}',
  violation: '{{invariant}} at {{at}}',
  ...KEY_MOMENT_MESSAGES_EN,
  ...VIOLATION_WORDS_EN,
  ...WRITE_LABELS_EN,
};

const PLURALS = new Intl.PluralRules('en');

/**
 * Pure: the English text for `key` with `{{param}}` filled in (and i18next's unescaped
 * `{{- param}}`, which the app uses for ids written as they are); the key itself when unknown.
 */
export const describeDefaults: Describe = (key, params) => {
  // i18next's plural keys: `key_one`, `key_other`, chosen by the `count` parameter.
  const count = params.count;
  const plural = typeof count === 'number' ? TIMELINE_MESSAGES_EN[`${key}_${PLURALS.select(count)}`] : undefined;
  const template = plural ?? TIMELINE_MESSAGES_EN[key];
  if (template === undefined) return key;
  return template.replace(/\{\{(?:- )?(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
};
