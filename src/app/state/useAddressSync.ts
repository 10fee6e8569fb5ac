/**
 * Keeps the address bar in step with the scenario: every committed change rewrites the
 * `#s=` fragment (replaceState, so Back still leaves the page), and a link pasted into the
 * address of an open page opens that scenario, as one undoable step. A broken pasted link
 * changes nothing and says why. While a lesson is open the address is its link instead
 * (`#lesson=l5&step=3`, with `&present=1` in presentation mode), and such a link opens it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeShareFragment, shareFragment } from '../../model/shareLink';
import { LESSONS } from '../../presets/lessons';
import { withFullStop } from '../asSentence';
import { rememberAddress } from '../exchange/tabSession';
import { isExerciseHash } from '../exercise/ex03Night';
import { replaceNight } from '../exercise/leaveExercise';
import { openExercise } from '../exercise/openExercise';
import { locatedProblemText } from '../i18n/modelErrorText';
import { openLessonStep } from '../lessons/lessonActions';
import { lessonFragment, parseLessonFragment, unknownLessonId } from '../lessons/lessonLink';
import { openDocument } from './openDocument';
import type { Stores } from './stores';

export function useAddressSync({ documents, ui }: Stores): void {
  const { t } = useTranslation();
  useEffect(() => {
    // `#lesson=l9`: a lesson link naming no lesson says so (and changes nothing).
    const sayUnknownLesson = (): boolean => {
      const unknown = unknownLessonId(window.location.hash);
      if (unknown === null) return false;
      const ids = LESSONS.map((lesson) => lesson.id);
      ui.getState().set({
        notice: {
          kind: 'error',
          text: t('notice.lessonUnknown', { id: unknown.slice(0, 40), first: ids[0], last: ids.at(-1) }),
        },
      });
      return true;
    };
    const write = () => {
      const { lesson, presenting } = ui.getState();
      const fragment = lesson
        ? lessonFragment({ lessonId: lesson.id, stepIndex: lesson.stepIndex, present: presenting })
        : shareFragment(documents.getState().document);
      if (window.location.hash !== fragment) window.history.replaceState(null, '', fragment);
      // A reload of this address is this tab's own work (startPage.ts opens its autosave).
      rememberAddress(window, fragment);
    };
    // A broken link stays in the address (so it can be copied into a bug report) until the
    // first change; a good one is rewritten in canonical form at once.
    const lessonLink = parseLessonFragment(window.location.hash);
    if (lessonLink) openLessonStep({ documents, ui }, lessonLink.lessonId, lessonLink.stepIndex, lessonLink.present);
    else sayUnknownLesson();
    if (!/(^#|&)s=/.test(window.location.hash) || documents.getState().source === 'link') write();
    const unsubscribe = documents.subscribe((state, previous) => {
      if (state.document !== previous.document) write();
    });
    const unsubscribeUi = ui.subscribe((state, previous) => {
      if (state.lesson !== previous.lesson || state.presenting !== previous.presenting) write();
    });
    const onHashChange = () => {
      if (isExerciseHash(window.location.hash)) {
        // `#exercise=ex03` pasted into an open page: a fresh exercise night, one undoable step.
        openExercise({ documents, ui }, t, write);
        return;
      }
      const link = parseLessonFragment(window.location.hash);
      if (link) {
        // Kept: the address goes back to the night shown (a copied link must be this night's).
        replaceNight(
          { documents, ui },
          t,
          t('modes.link'),
          () => openLessonStep({ documents, ui }, link.lessonId, link.stepIndex, link.present),
          write,
        );
        return;
      }
      if (sayUnknownLesson()) {
        write();
        return;
      }
      const decoded = decodeShareFragment(window.location.hash, 'share link');
      if (decoded.ok) {
        const open = () =>
          openDocument({ documents, ui }, decoded.document, 'link', { kind: 'info', text: t('notice.linkOpened') });
        replaceNight({ documents, ui }, t, t('modes.link'), open, write);
      } else {
        const first = decoded.errors[0];
        ui.getState().set({
          notice: {
            kind: 'error',
            text: t('notice.linkBroken', { reason: withFullStop(first ? locatedProblemText(t, first) : '') }),
          },
        });
        write();
      }
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      unsubscribe();
      unsubscribeUi();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [documents, ui, t]);
}
