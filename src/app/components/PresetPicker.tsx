import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preset } from '../../presets/presetTypes';
import { useUi } from '../store';

interface PresetPickerProps {
  readonly presets: readonly Preset[];
  readonly selectedId: string | undefined;
}

/** A labelled native <select> of the catalogue: keyboard-operable and announced as-is. */
export function PresetPicker({ presets, selectedId }: PresetPickerProps) {
  const { t } = useTranslation();
  const selectPreset = useUi((state) => state.selectPreset);
  const selectId = useId();
  const hintId = useId();

  if (presets.length === 0) return <p className="picker-empty">{t('picker.empty')}</p>;

  return (
    <div className="picker">
      <label htmlFor={selectId}>{t('picker.label')}</label>
      <select
        id={selectId}
        value={selectedId}
        aria-describedby={hintId}
        onChange={(event) => selectPreset(event.currentTarget.value)}
      >
        {presets.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {t('picker.option', { title: preset.title, id: preset.id })}
          </option>
        ))}
      </select>
      <p id={hintId} className="hint">
        {t('picker.hint')}
      </p>
    </div>
  );
}
