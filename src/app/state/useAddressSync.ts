/**
 * Keeps the address bar in step with the scenario: every committed change rewrites the
 * `#s=` fragment (replaceState, so Back still leaves the page), and a link pasted into the
 * address of an open page opens that scenario, as one undoable step. A broken pasted link
 * changes nothing and says why. While a lesson is open the address is its link instead
 * (`#lesson=l5&step=3`, with `&present=1` in presentation mode), and such a link opens it.
 * The share-link codec loads on demand (shareLinkCodec.ts): until it is here, the flagship's
 * address is the one written out, and anything else is written (or a pasted link read) the
 * moment it arrives.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LESSONS } from '../../presets/lessons';
import { withFullStop } from '../asSentence';
import { rememberAddress } from '../exchange/tabSession';
import { isExerciseHash } from '../exercise/ex03Night';
import { replaceNight } from '../exercise/leaveExercise';
import { openExercise } from '../exercise/openExercise';
import { locatedProblemText } from '../i18n/modelErrorText';
import { openLessonStep } from '../lessons/lessonActions';
import { lessonFragment, parseLessonFragment, unknownLessonId } from '../lessons/lessonLink';
import { FLAGSHIP_SHARE_FRAGMENT } from './flagshipFragment';
import { FLAGSHIP_PRESET_ID, presetDocument } from './initialDocument';
import { openDocument } from './openDocument';
import { hasShareLink, loadShareLinkCodec, shareLinkCodec } from './shareLinkCodec';
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
    let unmounted = false;
    const flagship = presetDocument(FLAGSHIP_PRESET_ID);
    /** The address of what is shown, or null while the codec it needs is on its way. */
    const currentFragment = (): string | null => {
      const { lesson, presenting } = ui.getState();
      if (lesson) return lessonFragment({ lessonId: lesson.id, stepIndex: lesson.stepIndex, present: presenting });
      const { document } = documents.getState();
      const codec = shareLinkCodec();
      if (codec !== null) return codec.shareFragment(document);
      return document === flagship ? FLAGSHIP_SHARE_FRAGMENT : null;
    };
    const write = () => {
      const fragment = currentFragment();
      if (fragment === null) {
        // Written when the codec arrives, from the state then (so the newest night wins); if it
        // cannot arrive, the address stays as it is until a change after it has.
        loadShareLinkCodec().then(
          () => {
            if (!unmounted) write();
          },
          () => undefined,
        );
        return;
      }
      if (window.location.hash !== fragment) window.history.replaceState(null, '', fragment);
      // A reload of this address is this tab's own work (startPage.ts opens its autosave).
      rememberAddress(window, fragment);
    };
    // A broken link stays in the address (so it can be copied into a bug report) until the
    // first change; a good one is rewritten in canonical form at once.
    const lessonLink = parseLessonFragment(window.location.hash);
    if (lessonLink) openLessonStep({ documents, ui }, lessonLink.lessonId, lessonLink.stepIndex, lessonLink.present);
    else sayUnknownLesson();
    if (!hasShareLink(window.location.hash) || documents.getState().source === 'link') write();
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
      const codec = shareLinkCodec();
      if (codec === null) {
        // Read when the codec arrives (the address is still the pasted link then).
        loadShareLinkCodec().then(
          () => {
            if (!unmounted) onHashChange();
          },
          () => {
            if (unmounted) return;
            ui.getState().set({
              notice: { kind: 'error', text: t('notice.linkBroken', { reason: t('app.loadFailed') }) },
            });
          },
        );
        return;
      }
      const decoded = codec.decodeShareFragment(window.location.hash, 'share link');
      if (decoded.ok) {
        const opened = decoded.warnings.length > 0 ? 'notice.linkOpenedWithWarnings' : 'notice.linkOpened';
        const open = () => openDocument({ documents, ui }, decoded.document, 'link', { kind: 'info', text: t(opened) });
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
      unmounted = true;
      unsubscribe();
      unsubscribeUi();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [documents, ui, t]);
}
