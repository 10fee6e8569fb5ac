/**
 * "Check every night" pressed: the panel's code is fetched (a moment: it is precached), then
 * the form opens with the last bounds checked, or verify's defaults. A course step instead
 * starts a check at once with its own bounds, and offers the fixed design after. Nothing
 * happens while a check is running: its Cancel comes first. Find a failure's panel closes, unless
 * a search is running in it, so that the chart stays on the first screen.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { VerifyBounds } from '../../verify/verifyBounds';
import { FIND_FAILURE_IDLE } from '../search/searchState';
import type { Stores } from '../state/stores';
import { CheckEveryNightPanel } from './checkEveryNightPanelPart';
import type { VerifyFollowUp } from './verifyState';

export function checkEveryNightOnPage(stores: Stores): void {
  if (stores.ui.getState().checkEveryNight.status === 'running') return;
  void CheckEveryNightPanel.preload().then(() => {
    const state = stores.ui.getState().checkEveryNight;
    if (state.status === 'running' || state.status === 'form') return;
    closeFoundFailure(stores);
    // The panel fills in verify's defaults (its chunk has them) when there are no last bounds.
    stores.ui.getState().set({ checkEveryNight: { status: 'form', bounds: state.bounds ?? null } });
  });
}

/** Checks `document` within `bounds` at once (a course step), offering `followUp` after. */
export function checkNightOnPage(
  stores: Stores,
  document: ScenarioDocument,
  bounds: VerifyBounds,
  followUp: VerifyFollowUp | null,
): void {
  void Promise.all([CheckEveryNightPanel.preload(), import('./verifyRunner')]).then(([, runner]) => {
    closeFoundFailure(stores);
    runner.startVerify(stores, document, bounds, followUp);
  });
}

/** One answer above the chart at a time: Find a failure's, unless it is searching, gives way. */
function closeFoundFailure(stores: Stores): void {
  const status = stores.ui.getState().findFailure.status;
  if (status !== 'running' && status !== 'idle') stores.ui.getState().set({ findFailure: FIND_FAILURE_IDLE });
}
