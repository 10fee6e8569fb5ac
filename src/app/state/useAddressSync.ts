/**
 * Keeps the address bar in step with the scenario: every committed change rewrites the
 * `#s=` fragment (replaceState, so Back still leaves the page), and a link pasted into the
 * address of an open page opens that scenario, as one undoable step. A broken pasted link
 * changes nothing and says why.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeShareFragment, shareFragment } from '../../model/shareLink';
import type { Stores } from './stores';

export function useAddressSync({ documents, ui }: Stores): void {
  const { t } = useTranslation();
  useEffect(() => {
    const write = () => {
      const fragment = shareFragment(documents.getState().document);
      if (window.location.hash !== fragment) window.history.replaceState(null, '', fragment);
    };
    // A broken link stays in the address (so it can be copied into a bug report) until the
    // first change; a good one is rewritten in canonical form at once.
    if (!/(^#|&)s=/.test(window.location.hash) || documents.getState().source === 'link') write();
    const unsubscribe = documents.subscribe((state, previous) => {
      if (state.document !== previous.document) write();
    });
    const onHashChange = () => {
      const decoded = decodeShareFragment(window.location.hash, 'share link');
      if (decoded.ok) {
        documents.getState().replace(decoded.document, 'link');
        ui.getState().set({ notice: { kind: 'info', text: t('notice.linkOpened') } });
      } else {
        const first = decoded.errors[0];
        ui.getState().set({
          notice: { kind: 'error', text: t('notice.linkBroken', { reason: first?.message ?? '' }) },
        });
        write();
      }
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      unsubscribe();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [documents, ui, t]);
}
