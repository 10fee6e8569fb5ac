/**
 * Presentation mode's keys, as presentation clickers send them: next with ArrowRight,
 * PageDown or Space; previous with ArrowLeft or PageUp; B blanks the screen (B again, or any
 * next or previous key, brings it back); F toggles full screen; Esc leaves. Number keys answer
 * a question (useLessonKeys). In the playground F stays the fencing switch: these keys are
 * only listened to while presenting, and the playground's shortcuts are not mounted then.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { closeLesson, nextStep, previousStep } from '../lessons/lessonActions';
import type { Stores } from '../state/stores';

const NEXT_KEYS = new Set(['ArrowRight', 'PageDown', ' ', 'Spacebar']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'PageUp']);

function toggleFullscreen(): void {
  const page = globalThis.document;
  // A browser may refuse (no user gesture, an iframe): the presentation works the same.
  if (page.fullscreenElement) void page.exitFullscreen?.().catch(() => undefined);
  else void page.documentElement.requestFullscreen?.().catch(() => undefined);
}

export function usePresentationKeys(stores: Stores): void {
  const { t } = useTranslation();
  useEffect(() => {
    const { ui } = stores;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key;
      if (NEXT_KEYS.has(key) || PREVIOUS_KEYS.has(key)) {
        event.preventDefault();
        if (ui.getState().blanked) {
          ui.getState().set({ blanked: false });
          return;
        }
        if (NEXT_KEYS.has(key)) nextStep(stores);
        else previousStep(stores);
        return;
      }
      if (key === 'b' || key === 'B') {
        event.preventDefault();
        ui.getState().set({ blanked: !ui.getState().blanked });
        return;
      }
      if (key === 'f' || key === 'F') {
        event.preventDefault();
        toggleFullscreen();
        return;
      }
      if (key === 'Escape') {
        event.preventDefault();
        if (globalThis.document.fullscreenElement) void globalThis.document.exitFullscreen?.().catch(() => undefined);
        closeLesson(stores);
        ui.getState().set({ notice: { kind: 'info', text: t('present.left') } });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [stores, t]);
}
