import { useTranslation } from 'react-i18next';
import type { ResolvedReplica, ResolvedScenario } from '../../../model/resolvedScenario';
import { explicitReplicas, type ScenarioEdit } from '../../../model/scenarioEdit';
import { REPLICAS_MAX, type ReplicaDocument, type ScenarioDocument } from '../../../model/scenarioSchema';
import { DurationField } from '../fields/TypedFields';
import { durationText, withKey } from './documentText';

interface ReplicaSettingsProps {
  readonly document: ScenarioDocument;
  readonly scenario: ResolvedScenario;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/** The replicas, one to nine: each one's clock error and retry polls; add and remove. */
export function ReplicaSettings({ document, scenario, onEdits }: ReplicaSettingsProps) {
  const { t } = useTranslation();
  const written = explicitReplicas(document);
  const count = scenario.replicas.length;
  return (
    <fieldset>
      <legend>{t('panels.settings.replicas.legend')}</legend>
      <ul className="panels-replicas">
        {scenario.replicas.map((replica) => (
          <ReplicaItem
            key={`${replica.index}:${replica.id}`}
            replica={replica}
            written={written[replica.index]}
            removable={count > 1}
            onEdits={onEdits}
          />
        ))}
      </ul>
      <button
        type="button"
        className="panels-button"
        disabled={count >= REPLICAS_MAX}
        onClick={() => onEdits([{ kind: 'addReplica' }])}
      >
        {t('panels.settings.replicas.add')}
      </button>
      <p className="panels-hint">{t('panels.settings.replicas.hint', { max: REPLICAS_MAX })}</p>
    </fieldset>
  );
}

interface ReplicaItemProps {
  readonly replica: ResolvedReplica;
  readonly written: ReplicaDocument | undefined;
  readonly removable: boolean;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

function ReplicaItem({ replica, written, removable, onEdits }: ReplicaItemProps) {
  const { t } = useTranslation();
  const { index, id } = replica;
  // Patches are shallow, so a nested `clock` or `trigger` is sent whole, with one key changed.
  const patchClock = (key: string, value: unknown) =>
    onEdits([{ kind: 'patchReplica', index, patch: { clock: withKey(written?.clock, key, value) } }]);
  const patchTrigger = (key: string, value: unknown) =>
    onEdits([{ kind: 'patchReplica', index, patch: { trigger: withKey(written?.trigger, key, value) } }]);
  return (
    <li>
      <fieldset className="panels-replica">
        <legend>{t('panels.settings.replicas.name', { id })}</legend>
        <DurationField
          label={t('panels.settings.replicas.offset', { id })}
          hint={t('panels.settings.replicas.offsetHint')}
          rule="signed"
          value={durationText(written?.clock, 'offset', replica.clockOffsetMs)}
          onCommit={(text) => patchClock('offset', text)}
        />
        <DurationField
          label={t('panels.settings.replicas.every', { id })}
          hint={t('panels.settings.replicas.everyHint')}
          rule="positive"
          optional
          value={durationText(written?.trigger, 'every', replica.triggerEveryMs)}
          onCommit={(text) => patchTrigger('every', text === '' ? undefined : text)}
        />
        <DurationField
          label={t('panels.settings.replicas.phase', { id })}
          rule="nonNegative"
          value={durationText(written?.trigger, 'phase', replica.triggerPhaseMs)}
          onCommit={(text) => patchTrigger('phase', text)}
        />
        <button
          type="button"
          className="panels-button panels-button--danger"
          disabled={!removable}
          onClick={() => onEdits([{ kind: 'removeReplica', index }])}
        >
          {t('panels.settings.replicas.remove', { id })}
        </button>
      </fieldset>
    </li>
  );
}
