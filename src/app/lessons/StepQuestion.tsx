import type { LessonStep } from '../../presets/lessons';
import type { Night } from '../state/night';
import type { Stores } from '../state/stores';
import type { UiState } from '../state/uiStore';
import { predict } from './lessonActions';
import { PredictionPanel } from './PredictionPanel';

/** The step's question with its choices and, once answered, the reveal; nothing without one. */
export function StepQuestion({
  stores,
  step,
  night,
  prediction,
}: {
  readonly stores: Stores;
  readonly step: LessonStep;
  readonly night: Night;
  readonly prediction: UiState['prediction'];
}) {
  if (!step.prediction || night.kind !== 'ok') return null;
  return (
    <PredictionPanel
      prediction={step.prediction}
      trace={night.trace}
      choice={prediction.choice}
      revealed={prediction.revealed}
      onPredict={(choice) => predict(stores, choice)}
    />
  );
}
