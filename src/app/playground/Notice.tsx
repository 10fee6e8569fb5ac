import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type DocumentState, useDocument } from '../state/documentStore';
import { useStores } from '../state/stores';
import { type UiState, useUi } from '../state/uiStore';

type ShownNotice = NonNullable<UiState['notice']>;

/**
 * A message about something the user did (a broken link, a copied link, a night opened),
 * dismissable. An info notice describes the night it came with ("The night found is open...
 * Undo brings back the night you had"), so it goes once the night changes (an undo, a drag, a
 * new night): left up, it would describe a night no longer on screen, over the controls the
 * user now works with. An error stays until dismissed: what went wrong is still worth reading.
 */
export function Notice() {
  const { t } = useTranslation();
  const { ui, documents } = useStores();
  const notice = useUi(ui, (state) => state.notice);
  const document = useDocument(documents, (state) => state.document);
  const shownWith = useRef<{ notice: ShownNotice; document: DocumentState['document'] } | null>(null);
  useEffect(() => {
    if (notice === null) {
      shownWith.current = null;
      return;
    }
    if (shownWith.current?.notice !== notice) {
      shownWith.current = { notice, document };
      return;
    }
    if (notice.kind === 'info' && shownWith.current.document !== document) ui.getState().set({ notice: null });
  }, [notice, document, ui]);
  if (notice === null) return null;
  return (
    <div className={`notice notice--toast notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      <p>{notice.text}</p>
      <button type="button" onClick={() => ui.getState().set({ notice: null })}>
        {t('notice.dismiss')}
      </button>
    </div>
  );
}
