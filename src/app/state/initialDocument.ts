/**
 * What the page opens: the scenario of a share link in the address (`#s=...`, as
 * `leaseline link` prints it), else the flagship preset. A broken link opens the flagship
 * and says what is wrong with the link. A link is read with the share-link codec, which the
 * caller loads first (`loadShareLinkCodec`, shareLinkCodec.ts).
 */

import { ERROR_TERMS, detail as errorDetail, term } from '../../model/errorDetail';
import type { ScenarioError } from '../../model/scenarioError';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset, PRESETS } from '../../presets/catalogue';
import { hasShareLink, shareLinkCodec } from './shareLinkCodec';

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
  if (!hasShareLink(hash)) return { ...flagship, linkError: null };
  const codec = shareLinkCodec();
  // Only if its chunk could not arrive (main.tsx waits for it when the address holds a link).
  if (codec === null) {
    const message = `the link cannot be opened: ${ERROR_TERMS.linkReaderMissing}`;
    const detail = errorDetail('linkCannotOpen', { reason: term('linkReaderMissing') });
    return { ...flagship, linkError: { source: 'share link', path: '$', message, detail } };
  }
  const decoded = codec.decodeShareFragment(hash, 'share link');
  if (decoded.ok) return { document: decoded.document, source: 'link', linkError: null };
  const linkError = decoded.errors[0] ?? { source: 'share link', path: '$', message: 'unreadable' };
  return { ...flagship, linkError };
}
