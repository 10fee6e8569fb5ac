import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioEdit } from '../../model/scenarioEdit';
import { fencingSwitchEdits } from '../playground/switchFencing';

export type FencingMode = 'off' | 'job' | 'row';

interface FencingSwitchProps {
  readonly fencing: FencingMode;
  readonly onEdits: (edits: ScenarioEdit[]) => void;
}

/**
 * The one control the lesson turns on: `storage.fencing` between `off` and `job`. Per-row
 * fencing (`row`, set in the storage settings) counts as on, and switching it off goes to
 * `off`. Its edits may open the night's fenced twin instead (playground/switchFencing.ts). The accessible name is exactly "Fencing" (the browser suite finds it by that name):
 * the on/off word beside the knob is hidden from the name, since `aria-checked` says it.
 */
export function FencingSwitch({ fencing, onEdits }: FencingSwitchProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const on = fencing !== 'off';
  return (
    <div className="panels-switch-field">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={hintId}
        className={`panels-switch${on ? ' panels-switch--on' : ''}`}
        onClick={() => onEdits(fencingSwitchEdits(fencing))}
      >
        <span className="panels-switch-label">{t('panels.fencing.label')}</span>
        <span className="panels-switch-track" aria-hidden="true">
          <span className="panels-switch-knob" />
        </span>
        <span className="panels-switch-state" aria-hidden="true">
          {on ? t('panels.fencing.on') : t('panels.fencing.off')}
        </span>
      </button>
      <p id={hintId} className="panels-hint">
        {t(`panels.fencing.hint.${fencing}`)}
      </p>
    </div>
  );
}
