/**
 * Opens the night the search found in place of the one on screen: one undoable replace (Undo
 * brings the person's night back), its added events ringed with the UI store's highlight, the
 * story told by the night's key moments as on any night. One mode at a time: a lesson or an
 * exercise view is left, and an exercise night with work in it is only replaced after asking.
 */
import type { TFunction } from 'i18next';
import type { SearchResult } from '../../search/findFailure';
import { replaceNight } from '../exercise/leaveExercise';
import { closeLesson } from '../lessons/lessonActions';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';

export type FoundNight = Extract<SearchResult, { found: true }>;

export function openFoundNight(stores: Stores, t: TFunction, found: FoundNight): void {
  const count = found.scenario.events?.length ?? 0;
  replaceNight(stores, t, t('search.foundNightName', { count }), () => {
    const { ui } = stores;
    if (ui.getState().lesson !== null) closeLesson(stores);
    openDocument(stores, found.scenario, 'search', {
      kind: 'info',
      text: t('search.opened', { count: found.addedEventIndices.length }),
    });
    const state = ui.getState().findFailure;
    ui.getState().set({
      explorer: null,
      highlight: { eventIndices: found.addedEventIndices },
      findFailure: state.status === 'done' ? { ...state, opened: found.scenario } : state,
    });
    focusFoundEvent(found.addedEventIndices[0]);
  });
}

/**
 * The found event on the chart takes the focus (a screen reader hears its name, "Pause,
 * replica A"), once the chart has drawn the new night.
 */
function focusFoundEvent(index: number | undefined): void {
  if (index === undefined) return;
  requestAnimationFrame(() => {
    const handle = document.querySelector<SVGElement>(`svg.timeline [data-event-index="${index}"]`);
    handle?.focus();
  });
}

/**
 * Whether the chart's highlight is the one `openFoundNight` set for `found` (the same array),
 * so that it goes once the document is no longer the found night, and nothing else's does.
 */
export function isFoundHighlight(highlight: { readonly eventIndices?: readonly number[] } | null, found: FoundNight) {
  return highlight?.eventIndices === found.addedEventIndices;
}
