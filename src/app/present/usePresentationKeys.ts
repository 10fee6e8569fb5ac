/**
 * Presentation mode's keys, as presentation clickers send them: next with PageDown, Space or
 * the arrow that points the reading way (→ in English, ← in Arabic: slideKeys.ts); previous
 * with PageUp or the other arrow; B blanks the screen (B again, or any
 * next or previous key, brings it back); F toggles full screen; 1, 2, 3... answer the step's
 * question. Esc steps back one level at a time, as slide software does: out of full screen
 * first, then out of the presentation, back to the lesson in the page at the same step (it
 * never closes the lesson). Space or Enter on a focused button (an answer, Previous) presses
 * that button. In the playground F stays the fencing switch: these keys are only listened to
 * while presenting, and the playground's shortcuts are not mounted then.
 */

import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index';
import { directionOf } from '../i18n/languages';
import { nextStep, predict, previousStep } from '../lessons/lessonActions';
import { preferences } from '../state/preferences';
import type { Stores } from '../state/stores';
import { slideStepOfKey } from './slideKeys';

/** Leaves presentation mode for the lesson in the page, at the same step, and says so. */
export function leavePresentation(stores: Stores, t: TFunction): void {
  const { ui } = stores;
  const page = globalThis.document;
  if (page.fullscreenElement) void page.exitFullscreen?.().catch(() => undefined);
  const step = (ui.getState().lesson?.stepIndex ?? 0) + 1;
  ui.getState().set({
    presenting: false,
    blanked: false,
    notice: { kind: 'info', text: t('present.left', { n: step }) },
  });
}

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
      const onButton = (event.target as Element | null)?.closest?.('button') ?? null;
      if (onButton && (key === ' ' || key === 'Enter')) return;
      const slideStep = slideStepOfKey(key, directionOf(currentLanguage()));
      if (slideStep !== null) {
        // Heard first (capture) and kept from the chart: an arrow on a focused event slider
        // would otherwise also move that event.
        event.preventDefault();
        event.stopPropagation();
        if (ui.getState().blanked) {
          ui.getState().set({ blanked: false });
          return;
        }
        if (slideStep === 'next') nextStep(stores);
        else previousStep(stores);
        return;
      }
      // Letters and digits are single-key shortcuts, off when the person turned those off
      // (WCAG 2.1.4); a clicker's keys above and Esc below stay.
      const singleKey = preferences.getState().singleKeyShortcuts;
      if (singleKey && /^[1-9]$/.test(key)) {
        // Wherever the focus is (a slider on the chart, too): a keypad answers the question.
        event.preventDefault();
        event.stopPropagation();
        predict(stores, Number(key) - 1);
        return;
      }
      if (singleKey && (key === 'b' || key === 'B')) {
        event.preventDefault();
        ui.getState().set({ blanked: !ui.getState().blanked });
        return;
      }
      if (singleKey && (key === 'f' || key === 'F')) {
        event.preventDefault();
        toggleFullscreen();
        return;
      }
      if (key === 'Escape') {
        event.preventDefault();
        // One level at a time: full screen first (when the browser let the key through).
        if (globalThis.document.fullscreenElement) {
          void globalThis.document.exitFullscreen?.().catch(() => undefined);
          return;
        }
        leavePresentation(stores, t);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [stores, t]);
}
