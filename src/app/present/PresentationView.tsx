import { useTranslation } from 'react-i18next';
import { lessonText } from '../lessons/lessonText';
import { StepQuestion } from '../lessons/StepQuestion';
import { StepVerdict } from '../lessons/StepVerdict';
import { useOpenStep } from '../lessons/useOpenStep';
import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { TimelineView } from '../timeline/TimelineView';
import { usePresentationKeys } from './usePresentationKeys';
import './present.css';

/**
 * Presentation mode: the open lesson step for a projector, with no chrome but the caption, the
 * timeline (in the projector theme, `.tl-projector`: large type, 7:1 contrast, 3 px strokes),
 * the question and the verdict. Driven by the keyboard or a clicker (usePresentationKeys).
 */
export function PresentationView() {
  const { t } = useTranslation();
  const stores = useStores();
  const blanked = useUi(stores.ui, (state) => state.blanked);
  const document = useDocument(stores.documents, (state) => state.document);
  const current = useOpenStep(stores);
  usePresentationKeys(stores);
  if (!current) return null;
  const { open, lesson, step, prediction, pending, laterStep } = current;
  const night = nightOf(document);
  const answers = step.prediction?.answers.length ?? 0;
  return (
    <main className="present tl-projector" aria-label={t('present.label')}>
      <header className="present-head">
        <div className="present-bar">
          <p className="present-step-of">
            {t('present.stepOf', { title: lessonText(t, lesson.title), n: open.stepIndex + 1, m: lesson.steps.length })}
          </p>
          <p className="present-keys">{pending ? t('present.keysPredict', { count: answers }) : t('present.keys')}</p>
        </div>
        <h1 className="present-caption">{lessonText(t, step.caption)}</h1>
      </header>
      <div className="present-chart">
        <TimelineView />
      </div>
      <div className="present-foot">
        <StepQuestion stores={stores} step={step} night={night} prediction={prediction} />
        <StepVerdict night={night} hidden={pending || laterStep !== null} laterStep={laterStep} />
      </div>
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
