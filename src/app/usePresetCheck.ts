import { useMemo } from 'react';
import { findPreset, PRESETS } from '../presets/catalogue';
import type { Preset } from '../presets/presetTypes';
import { checkPreset, type PresetCheck } from './engine';
import { useUi } from './store';

/** The preset the page shows: the selected one, or the first of the catalogue. */
export function useSelectedPreset(): Preset | undefined {
  const presetId = useUi((state) => state.presetId);
  return (presetId === null ? undefined : findPreset(presetId)) ?? PRESETS[0];
}

/** The derived report of the selected preset, memoised on the preset. */
export function usePresetCheck(preset: Preset | undefined): PresetCheck | undefined {
  return useMemo(() => (preset === undefined ? undefined : checkPreset(preset)), [preset]);
}
