/**
 * "Find a failure" pressed (the button or Shift+F): searches the design of the committed
 * document, unless a search is already running. The panel (FindFailurePanel) then shows the
 * progress and takes the focus to its Cancel button. Its code is fetched first (a moment: it
 * is precached), so the search never starts without it; should it not arrive, the search
 * starts anyway and the panel says it could not load. Check every night's panel closes, unless
 * a check is running in it, so that the chart stays on the first screen.
 */
import type { Stores } from '../state/stores';
import { FindFailurePanel } from './findFailurePanelPart';
import { searchRunning, startSearch } from './searchRunner';
import type { SearchFollowUp } from './searchState';

export function findFailureOnPage(stores: Stores, followUp: SearchFollowUp | null = null): void {
  if (searchRunning(stores)) return;
  void FindFailurePanel.preload().then(() => {
    // Pressed twice while the panel's code was on its way: one search.
    if (searchRunning(stores)) return;
    // One answer above the chart at a time: Check every night's, unless it is running, gives way.
    const check = stores.ui.getState().checkEveryNight;
    if (check.status !== 'running' && check.status !== 'idle')
      stores.ui
        .getState()
        .set({ checkEveryNight: { status: 'idle', ...(check.bounds ? { bounds: check.bounds } : {}) } });
    startSearch(stores, stores.documents.getState().document, followUp);
  });
}
