import { useTranslation } from 'react-i18next';
import { findLesson } from '../../presets/lessons';
import { predict } from '../lessons/lessonActions';
import { lessonText } from '../lessons/lessonText';
import { PredictionPanel } from '../lessons/PredictionPanel';
import { StepVerdict } from '../lessons/StepVerdict';
import { useStepDocumentWatch } from '../lessons/useStepDocumentWatch';
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
  const open = useUi(stores.ui, (state) => state.lesson);
  const prediction = useUi(stores.ui, (state) => state.prediction);
  const blanked = useUi(stores.ui, (state) => state.blanked);
  const document = useDocument(stores.documents, (state) => state.document);
  const lesson = open ? findLesson(open.id) : undefined;
  const step = open ? lesson?.steps[open.stepIndex] : undefined;
  usePresentationKeys(stores);
  useStepDocumentWatch(stores);
  if (!open || !lesson || !step) return null;
  const night = nightOf(document);
  const pending = step.prediction !== undefined && !prediction.revealed;
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
        {step.prediction && night.kind === 'ok' ? (
          <PredictionPanel
            prediction={step.prediction}
            trace={night.trace}
            choice={prediction.choice}
            revealed={prediction.revealed}
            onPredict={(choice) => predict(stores, choice)}
          />
        ) : null}
        <StepVerdict night={night} hidden={pending} />
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
