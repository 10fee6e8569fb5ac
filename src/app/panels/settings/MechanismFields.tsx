import { useTranslation } from 'react-i18next';
import type { ConsensusConfig, LeaseConfig, RedisConfig } from '../../../model/resolvedScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { ScenarioDocument } from '../../../model/scenarioSchema';
import { CheckboxField, SelectField } from '../fields/ChoiceFields';
import { DurationField } from '../fields/TypedFields';
import { durationText, withKey } from './documentText';

/**
 * The parameters of the lock kinds other than ShedLock (docs/scenario-format.md `lock`): leader election,
 * Redis and etcd / ZooKeeper. Each edit patches the file's `lock` with the field as written.
 */
interface FieldsProps<Config> {
  readonly document: ScenarioDocument;
  readonly lock: Config;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

const written = (document: ScenarioDocument) => document.lock as Readonly<Record<string, unknown>> | undefined;
const patchOf = (onEdits: (edits: ScenarioEdit[]) => void) => (key: string, value: unknown) =>
  onEdits([{ kind: 'patchLock', patch: { [key]: value } }]);

export function LeaseFields({ document, lock, onEdits }: FieldsProps<LeaseConfig>) {
  const { t } = useTranslation();
  const patch = patchOf(onEdits);
  const file = written(document);
  return (
    <>
      <DurationField
        label={t('panels.settings.lease.leaseDuration')}
        hint={t('panels.settings.lease.leaseDurationHint')}
        rule="positive"
        value={durationText(file, 'leaseDuration', lock.leaseDurationMs)}
        onCommit={(text) => patch('leaseDuration', text)}
      />
      <DurationField
        label={t('panels.settings.lease.renewDeadline')}
        hint={t('panels.settings.lease.renewDeadlineHint')}
        rule="positive"
        value={durationText(file, 'renewDeadline', lock.renewDeadlineMs)}
        onCommit={(text) => patch('renewDeadline', text)}
      />
      <DurationField
        label={t('panels.settings.lease.retryPeriod')}
        rule="positive"
        value={durationText(file, 'retryPeriod', lock.retryPeriodMs)}
        onCommit={(text) => patch('retryPeriod', text)}
      />
      <CheckboxField
        label={t('panels.settings.lease.token')}
        hint={t('panels.settings.lease.tokenHint')}
        checked={lock.token}
        onChange={(checked) => patch('token', checked)}
      />
    </>
  );
}

export function RedisFields({ document, lock, onEdits }: FieldsProps<RedisConfig>) {
  const { t } = useTranslation();
  const patch = patchOf(onEdits);
  const writtenReplica = written(document)?.replica as Readonly<Record<string, unknown>> | undefined;
  const patchReplica = (key: string, text: string) => patch('replica', withKey(writtenReplica, key, text));
  return (
    <>
      <DurationField
        label={t('panels.settings.redis.ttl')}
        rule="positive"
        value={durationText(written(document), 'ttl', lock.ttlMs)}
        onCommit={(text) => patch('ttl', text)}
      />
      <SelectField
        label={t('panels.settings.redis.release')}
        value={lock.release}
        choices={[
          { value: 'compareAndDelete', label: t('panels.settings.redis.compareAndDelete') },
          { value: 'del', label: t('panels.settings.redis.del') },
        ]}
        onChange={(value) => patch('release', value)}
      />
      <SelectField
        label={t('panels.settings.redis.token')}
        value={lock.token}
        choices={[
          { value: 'none', label: t('panels.settings.redis.tokenNone') },
          { value: 'incr', label: t('panels.settings.redis.tokenIncr') },
          { value: 'db', label: t('panels.settings.redis.tokenDb') },
        ]}
        onChange={(value) => patch('token', value)}
      />
      <CheckboxField
        label={t('panels.settings.redis.replica')}
        hint={t('panels.settings.redis.replicaHint')}
        checked={lock.replica !== null}
        onChange={(checked) => patch('replica', checked ? { lag: '1s', promoteAfter: '5s' } : undefined)}
      />
      {lock.replica === null ? null : (
        <>
          <DurationField
            label={t('panels.settings.redis.lag')}
            hint={t('panels.settings.redis.lagHint')}
            rule="nonNegative"
            value={durationText(writtenReplica, 'lag', lock.replica.lagMs)}
            onCommit={(text) => patchReplica('lag', text)}
          />
          <DurationField
            label={t('panels.settings.redis.promoteAfter')}
            hint={t('panels.settings.redis.promoteAfterHint')}
            rule="nonNegative"
            value={durationText(writtenReplica, 'promoteAfter', lock.replica.promoteAfterMs)}
            onCommit={(text) => patchReplica('promoteAfter', text)}
          />
        </>
      )}
    </>
  );
}

export function ConsensusFields({ document, lock, onEdits }: FieldsProps<ConsensusConfig>) {
  const { t } = useTranslation();
  const patch = patchOf(onEdits);
  return (
    <>
      <DurationField
        label={t('panels.settings.consensus.sessionTtl')}
        hint={t('panels.settings.consensus.sessionTtlHint')}
        rule="positive"
        value={durationText(written(document), 'sessionTtl', lock.sessionTtlMs)}
        onCommit={(text) => patch('sessionTtl', text)}
      />
      <CheckboxField
        label={t('panels.settings.consensus.recheckAfterWait')}
        hint={t('panels.settings.consensus.recheckAfterWaitHint')}
        checked={lock.recheckAfterWait}
        onChange={(checked) => patch('recheckAfterWait', checked)}
      />
    </>
  );
}
