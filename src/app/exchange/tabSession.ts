/**
 * What a tab remembers across its own reloads (sessionStorage, one per tab): its autosave id
 * and the addresses it wrote. A reload loads the address as it was when the reload began,
 * which can lag the autosave by the last words typed (they are committed, saved and written
 * to the address while the page unloads). A reloaded tab whose address is one it wrote
 * itself therefore opens its own autosaved work, which is never older; an address it did not
 * write (a link pasted in) still wins, as openingDocument.ts says. App layer.
 */

const TAB_KEY = 'leaseline:tab';
const ADDRESSES_KEY = 'leaseline:tab:addresses';
/** Enough for every address of a long session's last minutes; older ones cannot be reloaded. */
const ADDRESSES_KEPT = 50;

type SessionView = Pick<Window, 'sessionStorage' | 'performance'>;

function sessionOf(view: SessionView): Storage | null {
  try {
    return view.sessionStorage;
  } catch {
    return null;
  }
}

/** A short digest of an address: the list stays small whatever the scenario's size. */
export function addressDigest(fragment: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < fragment.length; index++) {
    hash ^= fragment.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${fragment.length.toString(36)}-${hash.toString(36)}`;
}

/** True when this page load is a reload of the tab (not a new tab, nor a duplicated one). */
function isReload(view: SessionView): boolean {
  const [entry] = view.performance?.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'reload';
}

/**
 * The tab's id for autosave: kept across its reloads, fresh otherwise (a duplicated tab
 * copies sessionStorage but is a different tab, whose saves must not pass for this one's).
 */
export function tabIdentity(view: SessionView, freshId: () => string): { tabId: string; reloaded: boolean } {
  const session = sessionOf(view);
  const reloaded = isReload(view);
  let kept: string | null = null;
  try {
    kept = reloaded ? (session?.getItem(TAB_KEY) ?? null) : null;
  } catch {
    kept = null;
  }
  const tabId = kept ?? freshId();
  try {
    session?.setItem(TAB_KEY, tabId);
    if (kept === null) session?.removeItem(ADDRESSES_KEY);
  } catch {
    // Without sessionStorage a reload simply follows the address, as before.
  }
  return { tabId, reloaded: kept !== null };
}

function readAddresses(session: Storage | null): string[] {
  try {
    const parsed: unknown = JSON.parse(session?.getItem(ADDRESSES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes that this tab wrote `fragment` into its address. */
export function rememberAddress(view: SessionView, fragment: string): void {
  const session = sessionOf(view);
  const digest = addressDigest(fragment);
  const kept = readAddresses(session).filter((item) => item !== digest);
  kept.push(digest);
  try {
    session?.setItem(ADDRESSES_KEY, JSON.stringify(kept.slice(-ADDRESSES_KEPT)));
  } catch {
    // A full or missing sessionStorage: a reload then follows the address, as before.
  }
}

/** True when this tab wrote `fragment` into its address earlier in its session. */
export function wroteAddress(view: SessionView, fragment: string): boolean {
  return readAddresses(sessionOf(view)).includes(addressDigest(fragment));
}
