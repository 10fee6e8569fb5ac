/**
 * What the page opens: the scenario of a share link in the address (`#s=...`, as
 * `leaseline link` prints it), else the flagship preset. A broken link opens the flagship
 * and says what is wrong with the link.
 */

import type { ScenarioError } from '../../model/scenarioError';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { decodeShareFragment } from '../../model/shareLink';
import { findPreset, PRESETS } from '../../presets/catalogue';

export const FLAGSHIP_PRESET_ID = 's07-fencing-off';

export interface InitialDocument {
  readonly document: ScenarioDocument;
  readonly source: string;
  /** Why the link in the address could not be opened (its first problem), or null. */
  readonly linkError: ScenarioError | null;
}

export function presetDocument(id: string): ScenarioDocument {
  const preset = findPreset(id) ?? PRESETS[0];
  if (!preset) throw new Error('the preset catalogue is empty');
  return preset.document as ScenarioDocument;
}

export function initialDocument(hash: string): InitialDocument {
  const flagship = { document: presetDocument(FLAGSHIP_PRESET_ID), source: FLAGSHIP_PRESET_ID };
  if (!/(^#|&)s=/.test(hash)) return { ...flagship, linkError: null };
  const decoded = decodeShareFragment(hash, 'share link');
  if (decoded.ok) return { document: decoded.document, source: 'link', linkError: null };
  const linkError = decoded.errors[0] ?? { source: 'share link', path: '$', message: 'unreadable' };
  return { ...flagship, linkError };
}
