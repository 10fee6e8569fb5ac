import type { UiStore } from '../state/uiStore';

/**
 * Runs `exportPicture` with no selection outline and no focus ring on the chart, then puts the
 * selection back: a picture of the night, not of the editing. The chart redraws synchronously
 * when the selection changes, so the export reads it clean.
 */
export async function withoutSelection<T>(ui: UiStore, exportPicture: () => Promise<T>): Promise<T> {
  const { selectedEventIndex, selectedWriteId } = ui.getState();
  ui.getState().set({ selectedEventIndex: null, selectedWriteId: null });
  const active = document.activeElement;
  if (active instanceof SVGElement && active.closest('svg.timeline')) active.blur();
  try {
    return await exportPicture();
  } finally {
    ui.getState().set({ selectedEventIndex, selectedWriteId });
  }
}
