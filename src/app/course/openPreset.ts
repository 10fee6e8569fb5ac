/**
 * Opens a built-in preset as the document (the toolbar's preset menu and the course map):
 * one undoable replace, and the view (selection, zoom, playhead) starts afresh for the new night.
 * A lesson tour that was open is left (its step no longer matches the document).
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { closeLesson } from '../lessons/lessonActions';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';

/** Replaces the document with preset `presetId`; false (and nothing changes) when there is none. */
export function openPreset(stores: Stores, presetId: string): boolean {
  const preset = findPreset(presetId);
  if (!preset) return false;
  if (stores.ui.getState().lesson !== null) closeLesson(stores, false);
  openDocument(stores, preset.document as ScenarioDocument, preset.id);
  return true;
}
