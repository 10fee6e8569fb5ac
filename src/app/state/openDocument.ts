/**
 * Opens a whole new scenario as the document (a preset, a file, the exercise's empty night):
 * one undoable replace, and the view starts afresh for the new night (no selection, the whole
 * window, the playhead at the start, playback stopped), with an optional notice saying so.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { Stores } from './stores';
import type { UiState } from './uiStore';

export function openDocument(
  { documents, ui }: Stores,
  document: ScenarioDocument,
  source: string,
  notice: UiState['notice'] = null,
): void {
  documents.getState().replace(document, source);
  ui.getState().set({
    selectedEventIndex: null,
    selectedWriteId: null,
    viewport: null,
    playheadMs: null,
    playing: false,
    statechartReplica: null,
    ...(notice === null ? {} : { notice }),
  });
}
