/**
 * Which document an embed shows: a preset of the catalogue or a share link's scenario, read
 * with the app's codec (model/shareLink.ts), or why it shows none. Never the playground's
 * autosaved work: the embed only ever shows what its own address names. Pure.
 */
import type { ScenarioError } from '../../model/scenarioError';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { decodeShareFragment } from '../../model/shareLink';
import { findPreset } from '../../presets/catalogue';
import type { EmbedNightSource } from './embedOptions';

export type EmbedDocument =
  | { readonly ok: true; readonly document: ScenarioDocument; readonly source: string }
  | { readonly ok: false; readonly problem: EmbedNightProblem };

export type EmbedNightProblem =
  | { readonly kind: 'noNight' }
  | { readonly kind: 'unknownPreset'; readonly id: string }
  | { readonly kind: 'brokenLink'; readonly error: ScenarioError };

/** Pure: the document the embed's address names, or what is wrong with it. */
export function embedDocument(night: EmbedNightSource): EmbedDocument {
  if (night.kind === 'none') return { ok: false, problem: { kind: 'noNight' } };
  if (night.kind === 'preset') {
    const preset = findPreset(night.id);
    return preset
      ? { ok: true, document: preset.document as ScenarioDocument, source: preset.id }
      : { ok: false, problem: { kind: 'unknownPreset', id: night.id } };
  }
  const decoded = decodeShareFragment(night.fragment, 'share link');
  if (decoded.ok) return { ok: true, document: decoded.document, source: 'link' };
  const error = decoded.errors[0] ?? { source: 'share link', path: '$', message: 'unreadable' };
  return { ok: false, problem: { kind: 'brokenLink', error } };
}
