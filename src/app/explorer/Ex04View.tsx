import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { formatTimeOfNightMs, formatTimeOfNightShort } from '../../model/timeOfNight';
import { findPreset } from '../../presets/catalogue';
import { HandInFileButton } from '../handIn/HandInFileButton';
import { revealOnChart } from '../playground/reveal';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { storageStatements } from './ex04Statements';
import '../lessons/lessonViewsText';

export const EX04_PRESET_ID = 's07-fencing-on';

/**
 * EX04 step by step through the flagship with fencing on: one storage statement at a time,
 * with its values bound, the rows it matched, and for the fence update what a 0-row answer
 * makes the job do. The playhead follows the statement and the write it belongs to is ringed.
 */
export function Ex04View() {
  const { t } = useTranslation();
  const stores = useStores();
  const document = findPreset(EX04_PRESET_ID)?.document as ScenarioDocument | undefined;
  const night = document ? nightOf(document) : null;
  const statements = useMemo(() => (night?.kind === 'ok' ? storageStatements(night.trace) : []), [night]);
  const [index, setIndex] = useState(0);
  const statement = statements[index];
  const staleIndex = statements.findIndex((candidate) => candidate.kind === 'fenceJob' && candidate.rows === 0);

  useEffect(() => {
    if (document) stores.documents.getState().replace(document, EX04_PRESET_ID);
  }, [document, stores]);
  // The first statement is shown where the view opens; each later one moves the playhead and
  // rings a write on the chart above this panel, so the chart is brought into view (as little
  // scrolling as it takes); the focus stays on the button for the next press.
  const moved = useRef(false);
  useEffect(() => {
    if (!statement) return;
    stores.ui.getState().set({
      playheadMs: statement.atMs,
      highlight: statement.writeId === null ? null : { writeIds: [statement.writeId] },
      selectedWriteId: null,
    });
    if (!moved.current) {
      moved.current = true;
      return;
    }
    const writeId = statement.writeId;
    revealOnChart(writeId === null ? '.tl-playhead' : `[data-write-id="${writeId}"]`);
  }, [statement, stores]);

  if (!statement) return null;
  const fence = statement.kind === 'fenceJob' || statement.kind === 'fenceRow';
  const rowsText = t('panels.sql.rows', { count: statement.rows, note: t(`panels.sql.note.${statement.note}`) });
  let consequence: string | null = null;
  if (fence && statement.rows > 0) consequence = t('explorer.ex04.fenceOk');
  if (fence && statement.rows === 0) {
    const run = statement.endedRun;
    consequence = t('explorer.ex04.fenceStale', {
      replica: statement.replica,
      outcome: t(`outcome.${run?.outcome ?? 'running'}`),
      time: run?.endMs === null || run === null ? '-' : formatTimeOfNightShort(run.endMs),
    });
  }
  return (
    <section className="panels-section explorer" aria-labelledby="ex04-heading">
      <h2 id="ex04-heading">{t('explorer.ex04.heading')}</h2>
      <p>{t('explorer.ex04.intro')}</p>
      <div className="explorer-step" aria-live="polite">
        <p className="explorer-step-of">
          {t('explorer.ex04.statementOf', { n: index + 1, m: statements.length })} ·{' '}
          {t('explorer.ex04.at', { time: formatTimeOfNightMs(statement.atMs), replica: statement.replica })}
        </p>
        <pre className="panels-sql-text">
          <code>{statement.sql}</code>
        </pre>
        <p className={statement.rows === 0 && fence ? 'explorer-zero' : undefined}>
          <strong>{rowsText}</strong>
          {consequence ? ` ${consequence}` : ''}
        </p>
      </div>
      <div className="lesson-nav">
        <button type="button" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('explorer.ex04.previous')}
        </button>
        <button type="button" disabled={index + 1 >= statements.length} onClick={() => setIndex(index + 1)}>
          {t('explorer.ex04.next')}
        </button>
        {staleIndex >= 0 ? (
          <button type="button" onClick={() => setIndex(staleIndex)}>
            {t('explorer.ex04.toStale')}
          </button>
        ) : null}
        <button type="button" onClick={() => stores.ui.getState().set({ explorer: null, highlight: null })}>
          {t('explorer.close')}
        </button>
      </div>
      <HandInFileButton exercise="ex04" />
    </section>
  );
}
