import { useTranslation } from 'react-i18next';
import { LOCK_KINDS } from '../../../model/lockSchema';
import type { LockKind, ResolvedScenario, ShedlockConfig } from '../../../model/resolvedScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { ScenarioDocument } from '../../../model/scenarioSchema';
import { SIMULATED_LOCK_KINDS } from '../../../sim/supportedFeatures';
import { CheckboxField, type Choice, SelectField } from '../fields/ChoiceFields';
import { DurationField } from '../fields/TypedFields';
import { durationText } from './documentText';
import { ConsensusFields, LeaseFields, RedisFields } from './MechanismFields';

// The engine refuses the other kinds (sim/supportedFeatures.ts); they are listed, not offered.
const SHEDLOCK_KEYS = ['lockAtMostFor', 'lockAtLeastFor', 'time', 'token', 'tokenMint', 'keepAlive'] as const;

interface LockSettingsProps {
  readonly document: ScenarioDocument;
  readonly scenario: ResolvedScenario;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/** The lock's kind and, for ShedLock, its parameters (docs/scenario-format.md `lock`). */
export function LockSettings({ document, scenario, onEdits }: LockSettingsProps) {
  const { t } = useTranslation();
  const kind = scenario.lock.kind;
  const choices: Choice<LockKind>[] = LOCK_KINDS.map((value) => {
    const name = t(`panels.settings.lock.kinds.${value}`);
    const simulated = SIMULATED_LOCK_KINDS.has(value);
    return { value, label: simulated ? name : t('panels.settings.lock.notSimulated', { name }), disabled: !simulated };
  });
  const changeKind = (next: LockKind) => {
    // A new kind starts from its own defaults: parameters of the old one would mean nothing
    // to it, and some share a name with another meaning (`token` is a flag for ShedLock and a
    // source for Redis). Undo brings the old lock back whole.
    const current = (document.lock ?? {}) as Record<string, unknown>;
    const cleared = Object.fromEntries(Object.keys(current).map((key) => [key, undefined]));
    onEdits([{ kind: 'patchLock', patch: { ...cleared, kind: next } }]);
  };
  return (
    <fieldset>
      <legend>{t('panels.settings.lock.legend')}</legend>
      <SelectField label={t('panels.settings.lock.kind')} value={kind} choices={choices} onChange={changeKind} />
      {scenario.lock.kind === 'shedlock' ? (
        <ShedlockFields document={document} lock={scenario.lock} onEdits={onEdits} />
      ) : scenario.lock.kind === 'lease' ? (
        <LeaseFields document={document} lock={scenario.lock} onEdits={onEdits} />
      ) : scenario.lock.kind === 'redis' ? (
        <RedisFields document={document} lock={scenario.lock} onEdits={onEdits} />
      ) : scenario.lock.kind === 'etcd' || scenario.lock.kind === 'zookeeper' ? (
        <ConsensusFields document={document} lock={scenario.lock} onEdits={onEdits} />
      ) : (
        <p className="panels-hint">
          {SIMULATED_LOCK_KINDS.has(kind)
            ? t('panels.settings.lock.noneHint')
            : t('panels.settings.lock.notSimulatedHint')}
        </p>
      )}
    </fieldset>
  );
}

interface ShedlockFieldsProps {
  readonly document: ScenarioDocument;
  readonly lock: ShedlockConfig;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

function ShedlockFields({ document, lock, onEdits }: ShedlockFieldsProps) {
  const { t } = useTranslation();
  const written = document.lock as Readonly<Record<string, unknown>> | undefined;
  const patch = (key: (typeof SHEDLOCK_KEYS)[number], value: unknown) =>
    onEdits([{ kind: 'patchLock', patch: { [key]: value } }]);
  return (
    <>
      <DurationField
        label={t('panels.settings.lock.lockAtMostFor')}
        hint={t('panels.settings.lock.lockAtMostForHint')}
        rule="positive"
        value={durationText(written, 'lockAtMostFor', lock.lockAtMostForMs)}
        onCommit={(text) => patch('lockAtMostFor', text)}
      />
      <DurationField
        label={t('panels.settings.lock.lockAtLeastFor')}
        hint={t('panels.settings.lock.lockAtLeastForHint')}
        rule="nonNegative"
        value={durationText(written, 'lockAtLeastFor', lock.lockAtLeastForMs)}
        onCommit={(text) => patch('lockAtLeastFor', text)}
      />
      <SelectField
        label={t('panels.settings.lock.time')}
        value={lock.time}
        choices={[
          { value: 'db', label: t('panels.settings.lock.timeDb') },
          { value: 'app', label: t('panels.settings.lock.timeApp') },
        ]}
        onChange={(value) => patch('time', value)}
      />
      <CheckboxField
        label={t('panels.settings.lock.token')}
        hint={t('panels.settings.lock.tokenHint')}
        checked={lock.token}
        onChange={(checked) => patch('token', checked)}
      />
      <SelectField
        label={t('panels.settings.lock.tokenMint')}
        value={lock.tokenMint}
        choices={[
          { value: 'grant', label: t('panels.settings.lock.tokenMintGrant') },
          { value: 'afterLoad', label: t('panels.settings.lock.tokenMintAfterLoad') },
        ]}
        onChange={(value) => patch('tokenMint', value)}
      />
      <CheckboxField
        label={t('panels.settings.lock.keepAlive')}
        hint={t('panels.settings.lock.keepAliveHint')}
        checked={lock.keepAlive}
        onChange={(checked) => patch('keepAlive', checked)}
      />
    </>
  );
}
