/**
 * What the Embed dialog turns into a snippet: the night on screen as the shortest fragment
 * that names it (an untouched preset by its id, anything else as a share link), with the
 * options chosen. Pure.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { type EmbedOptions, embedFragment } from './embedOptions';
import { embedAddress } from './embedSnippet';

export type EmbedChoice = Omit<EmbedOptions, 'night' | 'hostOrigin'>;

/**
 * Pure: the night's part of the fragment. A preset still as it opened is named by its id, so
 * the embed follows the preset (and its twin when fencing is switched); else the whole scenario.
 */
export function nightPart(document: ScenarioDocument, source: string, linkFragment: () => string): string {
  const preset = findPreset(source);
  if (preset !== undefined && preset.document === document) return `preset=${preset.id}`;
  return linkFragment().replace(/^#/, '');
}

/** Pure: the embed's address for the app at `appHref`, the night's part and the choice. */
export function embedSrc(appHref: string, night: string, choice: EmbedChoice): string {
  return embedAddress(appHref, embedFragment(night, { ...choice, hostOrigin: null }));
}
