import { useTranslation } from 'react-i18next';
import type { ResolvedScenario } from '../../../model/resolvedScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { ScenarioDocument } from '../../../model/scenarioSchema';
import { formatTimeOfNightShort } from '../../../model/timeOfNight';
import { CheckboxField } from '../fields/ChoiceFields';
import { DurationField, TimeField } from '../fields/TypedFields';
import { durationText, writtenText } from './documentText';

interface PartProps {
  readonly document: ScenarioDocument;
  readonly scenario: ResolvedScenario;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/** The job's settings a lesson varies: skip a night already done, and the work per item. */
export function JobSettings({ document, scenario, onEdits }: PartProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('panels.settings.job.legend')}</legend>
      <CheckboxField
        label={t('panels.settings.job.skipIfDone')}
        hint={t('panels.settings.job.skipIfDoneHint')}
        checked={scenario.job.skipIfDone}
        onChange={(checked) => onEdits([{ kind: 'patchJob', patch: { skipIfDone: checked } }])}
      />
      <DurationField
        label={t('panels.settings.job.perItem')}
        hint={t('panels.settings.job.perItemHint')}
        rule="nonNegative"
        value={durationText(document.job, 'perItem', scenario.job.perItemMs)}
        onCommit={(text) => onEdits([{ kind: 'patchJob', patch: { perItem: text } }])}
      />
    </fieldset>
  );
}

/** The part of the night that is simulated and drawn. */
export function WindowSettings({ document, scenario, onEdits }: PartProps) {
  const { t } = useTranslation();
  const from = writtenText(document.window, 'from') ?? formatTimeOfNightShort(scenario.windowFromMs);
  const to = writtenText(document.window, 'to') ?? formatTimeOfNightShort(scenario.windowToMs);
  return (
    <fieldset>
      <legend>{t('panels.settings.window.legend')}</legend>
      <TimeField
        label={t('panels.settings.window.from')}
        value={from}
        before={to}
        onCommit={(text) => onEdits([{ kind: 'patchWindow', patch: { from: text } }])}
      />
      <TimeField
        label={t('panels.settings.window.to')}
        value={to}
        after={from}
        onCommit={(text) => onEdits([{ kind: 'patchWindow', patch: { to: text } }])}
      />
    </fieldset>
  );
}
