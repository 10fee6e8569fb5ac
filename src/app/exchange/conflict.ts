/**
 * Two open tabs share one autosave slot. These pure decisions keep either from overwriting
 * the other's work without asking: a tab remembers the revision it last wrote or loaded (its
 * base); a higher revision written by another tab is newer work it has not seen.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { type AutosaveRecord, sameDocument } from './autosaveRecord';

export type SaveDecision =
  /** Write, as this revision. */
  | { readonly kind: 'write'; readonly revision: number }
  /** Do not write: `theirs` is newer work from another tab; the person must choose. */
  | { readonly kind: 'conflict'; readonly theirs: AutosaveRecord };

/** What a tab about to save may do, given what the slot holds now. Pure. */
export function decideSave(stored: AutosaveRecord | null, tabId: string, baseRevision: number): SaveDecision {
  if (stored === null) return { kind: 'write', revision: baseRevision + 1 };
  if (stored.tabId !== tabId && stored.revision > baseRevision) return { kind: 'conflict', theirs: stored };
  return { kind: 'write', revision: Math.max(stored.revision, baseRevision) + 1 };
}

export type IncomingDecision =
  /** Nothing new for this tab (its own write, or an older one). */
  | { readonly kind: 'ignore' }
  /** Another tab saved the very scenario this tab shows: take its revision, nothing to ask. */
  | { readonly kind: 'adopt'; readonly revision: number }
  /** Another tab saved different, newer work: ask the person (keep mine / load theirs). */
  | { readonly kind: 'conflict'; readonly theirs: AutosaveRecord };

/** What a tab does when another tab's save reaches it (a `storage` event). Pure. */
export function decideIncoming(
  incoming: AutosaveRecord | null,
  tabId: string,
  baseRevision: number,
  mine: ScenarioDocument,
): IncomingDecision {
  if (incoming === null || incoming.tabId === tabId || incoming.revision <= baseRevision) return { kind: 'ignore' };
  if (sameDocument(incoming.document, mine)) return { kind: 'adopt', revision: incoming.revision };
  return { kind: 'conflict', theirs: incoming };
}
