import { useTranslation } from 'react-i18next';
import type { Prediction } from '../../presets/lessons';
import type { Trace } from '../../sim/trace';
import { joinedList } from '../i18n/listText';
import { answerText } from './answerText';
import { lessonText } from './lessonText';
import { rightAnswerIndex } from './measure';
import './lessonStepsText';

interface PredictionPanelProps {
  readonly prediction: Prediction;
  readonly trace: Trace;
  /** The answer picked (0-based) and whether the outcome is shown. */
  readonly choice: number | null;
  readonly revealed: boolean;
  readonly onPredict: (choice: number) => void;
}

/**
 * The question of a step, its answers as buttons numbered for the keyboard (1, 2, 3: one key
 * per answer, so a clicker or a keypad can answer), and after the choice the comparison, in a
 * live region so it is announced: "You predicted Accepted; the night shows Rejected as stale."
 */
export function PredictionPanel({ prediction, trace, choice, revealed, onPredict }: PredictionPanelProps) {
  const { t } = useTranslation();
  const right = rightAnswerIndex(trace, prediction);
  const texts = prediction.answers.map((answer) => answerText(t, prediction.measure, answer));
  const actual = texts[right] ?? '';
  // The keys to press, joined as the reader's language joins a list (1, 2, 3 / 1، 2، 3).
  const keys = joinedList(
    t,
    prediction.answers.map((_, index) => String(index + 1)),
  );
  let outcome = '';
  if (revealed) {
    const predicted = choice === null ? null : (texts[choice] ?? null);
    if (predicted === null) outcome = t('lessons.player.revealUnpredicted', { actual });
    else if (choice === right) outcome = t('lessons.player.revealMatch', { predicted, actual });
    else outcome = t('lessons.player.revealMiss', { predicted, actual });
  }
  return (
    <div className="lesson-prediction">
      <p className="lesson-question">
        <strong>{t('lessons.player.predictHeading')}</strong> {lessonText(t, prediction.question)}
      </p>
      <ol className="lesson-choices">
        {texts.map((text, index) => {
          const mark = revealed && index === right ? ' ✓' : '';
          return (
            <li key={prediction.answers[index]}>
              <button
                type="button"
                className={`lesson-choice${choice === index ? ' lesson-choice--picked' : ''}${revealed && index === right ? ' lesson-choice--right' : ''}`}
                aria-pressed={choice === index}
                aria-keyshortcuts={String(index + 1)}
                disabled={revealed}
                onClick={() => onPredict(index)}
              >
                {t('lessons.player.choiceLabel', { key: index + 1, text })}
                {mark}
              </button>
            </li>
          );
        })}
      </ol>
      {revealed ? null : <p className="lesson-hint">{t('lessons.player.choiceHint', { keys })}</p>}
      <div role="status" className="lesson-outcome">
        {revealed ? (
          <>
            <p>
              <strong>{outcome}</strong>
            </p>
            <p>{lessonText(t, prediction.reveal)}</p>
          </>
        ) : null}
      </div>
    </div>
  );
}
