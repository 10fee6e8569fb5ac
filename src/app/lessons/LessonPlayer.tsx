import { useTranslation } from 'react-i18next';
import type { Night } from '../state/night';
import { useStores } from '../state/stores';
import { closeLesson, nextStep, openLessonStep, previousStep } from './lessonActions';
import { lessonText } from './lessonText';
import { StepQuestion } from './StepQuestion';
import { useLessonKeys } from './useLessonKeys';
import { useOpenStep } from './useOpenStep';
import './lessonStepsText';

/**
 * The guided tour in the playground: the lesson's title, "Step n of m", the caption, the
 * step's question, and the controls. The chart below shows the step's night (the document
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
