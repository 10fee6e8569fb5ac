import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfNightMs } from '../../model/timeOfNight';
import type { Ex03Checklist as Checklist } from '../../sim/readings/ex03Checklist';

/**
 * The six parts of the EX03 answer, each ticked with the time the night shows it (and the
 * replica that does it). Words and a symbol for each state, never colour alone; the count is
 * a polite live region so that a student hears progress as the night changes.
 */
export function Ex03Checklist({ checklist }: { readonly checklist: Checklist }) {
  const { t } = useTranslation();
  const headingId = useId();
  const done = checklist.items.filter((item) => item.done).length;
  return (
    <div className="exercise-checklist">
      <h3 id={headingId}>{t('exercise.checklistLabel')}</h3>
      <p className="panels-hint" role="status">
        {checklist.complete ? t('exercise.complete') : t('exercise.progress', { done, total: checklist.items.length })}
      </p>
      <ol aria-labelledby={headingId} className="exercise-items">
        {checklist.items.map((item) => {
          const time = item.atMs === null ? '' : formatTimeOfNightMs(item.atMs);
          return (
            <li key={item.id} className={`exercise-item exercise-item--${item.done ? 'done' : 'open'}`}>
              <span className="exercise-mark" aria-hidden="true">
                {item.done ? '✓' : '○'}
              </span>
              <span className="exercise-item-text">{t(`exercise.items.${item.id}`)}</span>
              <span className="exercise-item-state">
                {item.done ? t('exercise.done') : t('exercise.notYet')}
                {item.done && item.atMs !== null
                  ? ` ${item.replica ? t('exercise.atBy', { time, replica: item.replica }) : t('exercise.at', { time })}`
                  : ''}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
