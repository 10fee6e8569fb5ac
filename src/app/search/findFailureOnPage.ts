/**
 * "Find a failure" pressed (the button or Shift+F): searches the design of the committed
 * document, unless a search is already running. The panel (FindFailurePanel) then shows the
 * progress and takes the focus to its Cancel button.
 */
import type { Stores } from '../state/stores';
import { searchRunning, startSearch } from './searchRunner';
import type { SearchFollowUp } from './searchState';

export function findFailureOnPage(stores: Stores, followUp: SearchFollowUp | null = null): void {
  if (searchRunning(stores)) return;
  startSearch(stores, stores.documents.getState().document, followUp);
}
