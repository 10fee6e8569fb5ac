import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedScenario } from '../../../model/resolvedScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { ScenarioDocument } from '../../../model/scenarioSchema';
import { JobSettings, WindowSettings } from './JobAndWindowSettings';
import { LockSettings } from './LockSettings';
import { ReplicaSettings } from './ReplicaSettings';
import { StorageSettings } from './StorageSettings';

interface SettingsPanelProps {
  /** The scenario as written: fields show the user's own text (`"PT5M"` stays `"PT5M"`). */
  readonly document: ScenarioDocument;
  /** The same scenario resolved: defaults for every key the document leaves out. */
  readonly scenario: ResolvedScenario;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/**
 * Every setting of the night beside the timeline: lock, storage, job, replicas, window. Each
 * change is one `ScenarioEdit` list (one undo step); typed values are emitted only when valid.
 */
export function SettingsPanel({ document, scenario, onEdits }: SettingsPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="panels-section panels-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('panels.settings.heading')}</h2>
      <LockSettings document={document} scenario={scenario} onEdits={onEdits} />
      <StorageSettings storage={scenario.storage} onEdits={onEdits} />
      <JobSettings document={document} scenario={scenario} onEdits={onEdits} />
      <ReplicaSettings document={document} scenario={scenario} onEdits={onEdits} />
      <WindowSettings document={document} scenario={scenario} onEdits={onEdits} />
    </section>
  );
}
