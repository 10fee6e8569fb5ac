/**
 * The share-link codec (`model/shareLink.ts`, with fflate's deflate and inflate) loads on
 * demand, not with the page: a first visit opens the flagship, whose address is known
 * (`FLAGSHIP_SHARE_FRAGMENT`), and needs the codec only at its first change. `main.tsx`
 * fetches it before the first render whenever the page opens anything else (a link in the
 * address, autosaved work, the exercise), so the address is written at once as before, and
 * right after the first render otherwise. The service worker precaches its chunk.
 */
import type { decodeShareFragment, shareFragment } from '../../model/shareLink';

export interface ShareLinkCodec {
  readonly shareFragment: typeof shareFragment;
  readonly decodeShareFragment: typeof decodeShareFragment;
}

let loaded: ShareLinkCodec | null = null;
let loading: Promise<ShareLinkCodec> | null = null;

/** Fetches the codec once; rejects if its chunk cannot arrive (a later call tries again). */
export function loadShareLinkCodec(): Promise<ShareLinkCodec> {
  loading ??= import('../../model/shareLink').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The codec if it has arrived, else null. */
export function shareLinkCodec(): ShareLinkCodec | null {
  return loaded;
}

/** Whether the address's fragment carries a scenario (`#s=...`). */
export function hasShareLink(hash: string): boolean {
  return /(^#|&)s=/.test(hash);
}
