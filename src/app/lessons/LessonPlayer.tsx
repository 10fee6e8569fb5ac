import { useTranslation } from 'react-i18next';
import { findPreset } from '../../presets/catalogue';
import type { CourseVerifyStep } from '../../presets/courseMap';
import type { Night } from '../state/night';
import { useStores } from '../state/stores';
import { checkNightOnPage } from '../verify/checkEveryNightOnPage';
import { closeLesson, nextStep, openLessonStep, previousStep } from './lessonActions';
import { lessonText } from './lessonText';
import { StepQuestion } from './StepQuestion';
import { useLessonKeys } from './useLessonKeys';
import { useOpenStep } from './useOpenStep';
import './lessonStepsText';

/**
 * The guided tour in the playground: the lesson's title, "Step n of m", the caption, the
 * step's question or its Check every night, and the controls. The chart below shows the step's night (the document
 * store holds it), its playhead and what the caption points at (the UI store's highlight).
 */
export function LessonPlayer({ night }: { readonly night: Night }) {
  const { t } = useTranslation();
  const stores = useStores();
  const current = useOpenStep(stores);
  useLessonKeys(stores, current?.pending ?? false);
  if (!current) return null;
  const { open, lesson, step, prediction } = current;
  const last = open.stepIndex + 1 >= lesson.steps.length;
  const pending = current.pending;
  return (
    <section className="lesson-player" aria-labelledby="lesson-heading">
      <div className="lesson-head">
        <h2 id="lesson-heading">{lessonText(t, lesson.title)}</h2>
        <p className="lesson-step-of">
          {t('lessons.player.stepOf', { n: open.stepIndex + 1, m: lesson.steps.length })}
        </p>
      </div>
      <p className="lesson-caption">{lessonText(t, step.caption)}</p>
      <StepQuestion stores={stores} step={step} night={night} prediction={prediction} />
      {step.verify ? <VerifyStepButton step={step.verify} /> : null}
      <div className="lesson-nav">
        <button type="button" disabled={open.stepIndex === 0} onClick={() => previousStep(stores)}>
          {t('lessons.player.previous')}
        </button>
        <button type="button" disabled={last && !pending} onClick={() => nextStep(stores)}>
          {t('lessons.player.next')}
        </button>
        <button type="button" onClick={() => openLessonStep(stores, lesson.id, open.stepIndex, true)}>
          {t('lessons.player.present')}
        </button>
        <button type="button" onClick={() => closeLesson(stores)}>
          {t('lessons.player.close')}
        </button>
      </div>
    </section>
  );
}

/**
 * A check-every-night step: the night on screen (the step's unsafe design) is checked within
 * the step's bounds, and the answer offers the fixed design next. The lesson stays open
 * until a night of the check's is opened.
 */
function VerifyStepButton({ step }: { readonly step: CourseVerifyStep }) {
  const { t } = useTranslation();
  const stores = useStores();
  return (
    <button
      type="button"
      className="lesson-verify"
      onClick={() =>
        checkNightOnPage(stores, stores.documents.getState().document, step.bounds, {
          presetId: step.fixedPresetId,
          title: findPreset(step.fixedPresetId)?.title ?? step.fixedPresetId,
        })
      }
    >
      {t('lessons.verifyStep')}
    </button>
  );
}
