import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESENT_SIZING } from '../../timeline/chartSize';
import { currentLanguage } from '../i18n/index';
import { directionOf } from '../i18n/languages';
import { nextStep, previousStep } from '../lessons/lessonActions';
import { lessonText } from '../lessons/lessonText';
import { StepQuestion } from '../lessons/StepQuestion';
import { StepVerdict } from '../lessons/StepVerdict';
import { useOpenStep } from '../lessons/useOpenStep';
import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { TimelineView } from '../timeline/TimelineView';
import { slideArrows } from './slideKeys';
import { leavePresentation, usePresentationKeys } from './usePresentationKeys';
import '../lessons/lessonStepsText';
import '../lessons/lessonViewsText';

/**
 * Presentation mode: the open lesson step for a projector, with no chrome but the caption, the
 * timeline (in the projector theme, `.tl-projector`: large type, 7:1 contrast, 3 px strokes),
 * the question and the verdict. Driven by the keyboard or a clicker (usePresentationKeys), by
 * the on-screen Previous and Next buttons, or, as slide software does, by a click on the
 * slide's empty area (the caption, the margins; not the chart, whose drags pan and edit),
 * which goes next (or brings a blanked screen back).
 */

/** What a click may land on without meaning "next": a control, the chart, selected text. */
const NOT_EMPTY = 'button, a, input, select, textarea, label, summary, [role], [tabindex], svg';
export function PresentationView() {
  const { t } = useTranslation();
  // Re-rendered on a language change (useTranslation), so the arrows turn with the page.
  const arrows = slideArrows(directionOf(currentLanguage()));
  const stores = useStores();
  const blanked = useUi(stores.ui, (state) => state.blanked);
  const document = useDocument(stores.documents, (state) => state.document);
  const current = useOpenStep(stores);
  usePresentationKeys(stores);
  if (!current) return null;
  const { open, lesson, step, prediction, pending, laterStep } = current;
  const night = nightOf(document);
  const answers = step.prediction?.answers.length ?? 0;
  const last = open.stepIndex + 1 >= lesson.steps.length;
  const onSlideClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest(NOT_EMPTY) || !(globalThis.getSelection?.()?.isCollapsed ?? true)) return;
    if (stores.ui.getState().blanked) stores.ui.getState().set({ blanked: false });
    else nextStep(stores);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a convenience for the mouse; every key is in usePresentationKeys and the buttons.
    <main className="present tl-projector" aria-label={t('present.label')} onClick={onSlideClick}>
      <header className="present-head">
        <div className="present-bar">
          <p className="present-step-of">
            {t('present.stepOf', { title: lessonText(t, lesson.title), n: open.stepIndex + 1, m: lesson.steps.length })}
          </p>
          <p className="present-keys">
            {pending ? t('present.keysPredict', { first: 1, count: answers }) : t('present.keys')}
          </p>
        </div>
        <h1 className="present-caption">{lessonText(t, step.caption)}</h1>
      </header>
      <div className="present-chart">
        <TimelineView sizing={PRESENT_SIZING} />
      </div>
      <div className="present-foot">
        <StepQuestion stores={stores} step={step} night={night} prediction={prediction} />
        <StepVerdict night={night} hidden={pending || laterStep !== null} laterStep={laterStep} />
      </div>
      <nav className="present-nav" aria-label={t('present.nav')}>
        <button type="button" disabled={open.stepIndex === 0} onClick={() => previousStep(stores)}>
          <span aria-hidden="true">{arrows.previous} </span>
          {t('present.previous')}
        </button>
        <button type="button" disabled={last && !pending} onClick={() => nextStep(stores)}>
          {t('present.next')}
          <span aria-hidden="true"> {arrows.next}</span>
        </button>
        <button type="button" onClick={() => leavePresentation(stores, t)}>
          {t('present.leave')}
        </button>
      </nav>
      {blanked ? (
        <div className="present-blank">
          <p role="status" className="visually-hidden">
            {t('present.blanked')}
          </p>
        </div>
      ) : null}
    </main>
  );
}
