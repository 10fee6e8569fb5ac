/**
 * What the Fencing switch (and its F key) does. On a preset told with and without fencing
 * (presets/fencedTwins.ts), still as it opened, switching opens the twin: the night the switch
 * makes, told by its own title and story, so the story never describes the other half of the
 * pair. Anywhere else it edits `storage.fencing`. Either is one undo step, and the view (zoom,
 * playhead, selection) stays: the night's events are the same.
 */
import { applyEdits, type ScenarioEdit } from '../../model/scenarioEdit';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { fencedTwinOf } from '../../presets/fencedTwins';
import type { Stores } from '../state/stores';
import { isEditedPreset } from './editedPreset';

type Fencing = NonNullable<ScenarioDocument['storage']>['fencing'];

/** The switch's edits from `fencing`: per-row fencing counts as on, and off goes to `off`. */
export function fencingSwitchEdits(fencing: Fencing | undefined): ScenarioEdit[] {
  return [{ kind: 'patchStorage', patch: { fencing: (fencing ?? 'off') === 'off' ? 'job' : 'off' } }];
}

/**
 * The preset the switch's `edits` turn the night into, when that night is the twin of the
 * unedited preset on screen; else null (the switch edits).
 */
export function fencingTwinOf(document: ScenarioDocument, source: string, edits: readonly ScenarioEdit[]) {
  const twinId = fencedTwinOf(source);
  const twin = twinId === undefined ? undefined : findPreset(twinId);
  if (twin === undefined || isEditedPreset(document, source)) return null;
  return isEditedPreset(applyEdits(document, edits), twin.id) ? null : twin;
}

/** Switches fencing on the night on screen with `edits` (the switch's): the twin, else an edit. */
export function switchFencing({ documents }: Pick<Stores, 'documents'>, edits: readonly ScenarioEdit[]): void {
  const { document, source, commit, replace } = documents.getState();
  const twin = fencingTwinOf(document, source, edits);
  if (twin) replace(twin.document as ScenarioDocument, twin.id);
  else commit(edits);
}
