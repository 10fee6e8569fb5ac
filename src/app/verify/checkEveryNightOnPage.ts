/**
 * "Check every night" pressed: the panel's code is fetched (a moment: it is precached), then
 * the form opens with the last bounds checked, or verify's defaults. A course step instead
 * starts a check at once with its own bounds, and offers the fixed design after. Nothing
 * happens while a check is running: its Cancel comes first.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { VerifyBounds } from '../../verify/verifyBounds';
import type { Stores } from '../state/stores';
import { CheckEveryNightPanel } from './checkEveryNightPanelPart';
import type { VerifyFollowUp } from './verifyState';

export function checkEveryNightOnPage(stores: Stores): void {
  if (stores.ui.getState().checkEveryNight.status === 'running') return;
  void CheckEveryNightPanel.preload().then(() => {
    const state = stores.ui.getState().checkEveryNight;
    if (state.status === 'running' || state.status === 'form') return;
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
  void Promise.all([CheckEveryNightPanel.preload(), import('./verifyRunner')]).then(([, runner]) =>
    runner.startVerify(stores, document, bounds, followUp),
  );
}
