import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { ex03Checklist } from '../../sim/readings/ex03Checklist';
import { type Night, nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { shownDragDocument, useUi } from '../state/uiStore';
import { Ex03Checklist } from './Ex03Checklist';
import { ExplanationField } from './ExplanationField';
import { EXERCISE_ID } from './ex03Night';
import { HandIn } from './HandIn';
import { StudentNameField } from './StudentNameField';

interface ExercisePanelProps {
  readonly document: ScenarioDocument;
  /** The committed document's night (the last good one), or null. */
  readonly night: Extract<Night, { kind: 'ok' }> | null;
}

/**
 * The hand-in beside the timeline: for EX03 the task, the live checklist, the follow-up
 * hint and the Hand in button (HandIn.tsx); for every night with an exercise or an explanation, the written explanation (one
 * undoable edit per burst of typing). Shown for documents that have either; absent otherwise.
 */
export function ExercisePanel({ document, night }: ExercisePanelProps) {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const headingId = useId();
  const isEx03 = document.exercise === EXERCISE_ID;
  // Like the verdict, the checklist follows a drag as it happens (the night the chart shows is
  // already simulated and cached), so a step ticks the moment the pause's edge crosses the
  // lease's expiry, or, for a night re-run in the worker, the moment its answer arrives.
  const shown = useUi(ui, shownDragDocument);
  const previewNight = isEx03 && shown !== null ? nightOf(shown) : null;
  const liveNight = previewNight?.kind === 'ok' ? previewNight : night;
  const checklist = useMemo(() => {
    if (!isEx03 || liveNight === null) return null;
    try {
      return ex03Checklist(liveNight.scenario, liveNight.trace);
    } catch {
      return null;
    }
  }, [isEx03, liveNight]);
  if (!isEx03 && document.exercise === undefined && (document.explanation ?? '') === '') return null;
  const fencingOn = (document.storage?.fencing ?? 'off') !== 'off';
  // The exercise's follow-up: with fencing on, say what it changed on this very night.
  const followUp = () => {
    if (!fencingOn) return t('exercise.followUp');
    const stale = night?.trace.writes.filter((write) => write.result === 'stale').length ?? 0;
    return stale === 0 ? t('exercise.fencingOnNone') : t('exercise.fencingOn', { count: stale });
  };
  // Read at commit time: a burst may end (on blur, on leaving the page) after other edits.
  const commitExplanation = (text: string) => {
    const current = documents.getState().document;
    documents.getState().commit([{ kind: 'replaceDocument', document: { ...current, explanation: text } }]);
  };
  const commitStudent = (name: string) => {
    const { student: _previous, ...current } = documents.getState().document;
    const document = name.trim() === '' ? current : { ...current, student: name };
    documents.getState().commit([{ kind: 'replaceDocument', document }]);
  };
  return (
    <section className="panel exercise-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{isEx03 ? t('exercise.heading') : t('exercise.explanationLabel')}</h2>
      {isEx03 ? (
        <div className="exercise-body">
          <div>
            <p className="exercise-task">{t('exercise.task')}</p>
            {checklist ? <Ex03Checklist checklist={checklist} /> : <p>{t('exercise.unavailable')}</p>}
            <p className="exercise-follow-up">{followUp()}</p>
          </div>
          <div>
            <StudentNameField value={document.student ?? ''} onCommit={commitStudent} />
            <ExplanationField value={document.explanation ?? ''} onCommit={commitExplanation} />
            <HandIn document={document} />
          </div>
        </div>
      ) : (
        <ExplanationField value={document.explanation ?? ''} onCommit={commitExplanation} />
      )}
    </section>
  );
}
