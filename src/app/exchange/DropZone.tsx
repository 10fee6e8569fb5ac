import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../state/stores';
import { openFileOnDemand } from './openFileOnDemand';

/** Whether a drag carries files (not a palette item, not text from the page). */
function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Dropping a file anywhere on the page opens it. While a file is dragged over the page a
 * visible drop zone covers it; palette drags (which carry no files) never show it.
 */
export function DropZone() {
  const { t } = useTranslation();
  const stores = useStores();
  const [active, setActive] = useState(false);

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed; a counter tells the page's edge apart.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setActive(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setActive(false);
      const files = [...(event.dataTransfer?.files ?? [])];
      const first = files[0];
      if (files.length > 1) {
        stores.ui.getState().set({
          notice: {
            kind: 'error',
            text: t('exchange.open.failed', { file: first?.name ?? '', reason: t('exchange.open.dropOne') }),
          },
        });
      } else if (first) void openFileOnDemand(first, stores, t);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [stores, t]);

  if (!active) return null;
  return (
    <div className="drop-zone" aria-hidden="true">
      <p className="drop-zone-text">{t('exchange.open.dropHere')}</p>
    </div>
  );
}
