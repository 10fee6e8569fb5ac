import { useTranslation } from 'react-i18next';
import type { ResolvedStorage } from '../../../model/resolvedScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import { CheckboxField, SelectField } from '../fields/ChoiceFields';
import { WholeNumberField } from '../fields/TypedFields';

interface StorageSettingsProps {
  readonly storage: ResolvedStorage;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/** How storage guards its writes (docs/scenario-format.md `storage`). */
export function StorageSettings({ storage, onEdits }: StorageSettingsProps) {
  const { t } = useTranslation();
  const patch = (key: keyof ResolvedStorage, value: unknown) =>
    onEdits([{ kind: 'patchStorage', patch: { [key]: value } }]);
  return (
    <fieldset>
      <legend>{t('panels.settings.storage.legend')}</legend>
      <SelectField
        label={t('panels.settings.storage.fencing')}
        value={storage.fencing}
        choices={[
          { value: 'off', label: t('panels.settings.storage.fencingOff') },
          { value: 'job', label: t('panels.settings.storage.fencingJob') },
          { value: 'row', label: t('panels.settings.storage.fencingRow') },
        ]}
        onChange={(value) => patch('fencing', value)}
      />
      <CheckboxField
        label={t('panels.settings.storage.fenceOnAcquire')}
        hint={t('panels.settings.storage.fenceOnAcquireHint')}
        checked={storage.fenceOnAcquire}
        onChange={(checked) => patch('fenceOnAcquire', checked)}
      />
      <CheckboxField
        label={t('panels.settings.storage.uniqueKey')}
        hint={t('panels.settings.storage.uniqueKeyHint')}
        checked={storage.uniqueKey}
        onChange={(checked) => patch('uniqueKey', checked)}
      />
      <WholeNumberField
        label={t('panels.settings.storage.lastToken')}
        hint={t('panels.settings.storage.lastTokenHint')}
        value={storage.lastToken}
        min={0}
        max={Number.MAX_SAFE_INTEGER}
        onCommit={(value) => patch('lastToken', value)}
      />
    </fieldset>
  );
}
