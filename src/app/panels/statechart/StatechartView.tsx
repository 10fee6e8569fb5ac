import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stateName } from '../stateNames';
import { ChartSvg } from './ChartSvg';
import { type ChartGeometry, chartGeometry, machineTransitions } from './chartGeometry';
import { layoutStatechart } from './statechartLayout';

interface StatechartViewProps {
  /** The machine's state at the playhead (an activity of the trace). */
  readonly activity: string;
  readonly proc: 'up' | 'paused' | 'down';
  readonly replicaId: string;
  readonly onClose: () => void;
}

/**
 * One replica's XState machine drawn from its definition (laid out by ELK), with its state at the playhead
 * highlighted and the process overlay (paused, down) on top. The picture is an image with a
 * description naming the current state; the same chart is also a list of transitions in text.
 * Escape or the Close button closes it; whoever opened it gives the focus back (useFocusReturn).
 */
export function StatechartView({ activity, proc, replicaId, onClose }: StatechartViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const statusId = useId();
  // The hand-placed chart first, ELK's layout once its engine has loaded (statechartLayout.ts):
  // the chart is there at once, and its final shape has no crossing edges.
  const handPlaced = useMemo(() => chartGeometry(), []);
  const [laidOut, setLaidOut] = useState<ChartGeometry | null>(null);
  useEffect(() => {
    let live = true;
    layoutStatechart().then(
      (geometry) => {
        if (live) setLaidOut(geometry);
      },
      () => {
        // Without the layout engine (offline before it was cached) the hand-placed chart stays.
      },
    );
    return () => {
      live = false;
    };
  }, []);
  const geometry = laidOut ?? handPlaced;
  const { states, targets } = useMemo(() => machineTransitions(), []);
  const nameOf = (state: string) => stateName(t, state);
  // A crashed process has no machine state (docs/model.md §4: DOWN discards it).
  const current = proc === 'down' ? null : activity;
  const description =
    proc === 'down'
      ? t('panels.statechart.descDown', { replica: replicaId })
      : t(`panels.statechart.desc.${proc}`, { replica: replicaId, state: nameOf(activity) });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <section className="panels-section panels-statechart" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="panels-statechart-head">
        <h2 id={headingId}>{t('panels.statechart.heading', { replica: replicaId })}</h2>
        <button type="button" className="panels-button" onClick={onClose}>
          {t('panels.statechart.close')}
        </button>
      </div>
      <p id={statusId} className={`panels-statechart-status panels-proc--${proc}`}>
        {description}
      </p>
      <ChartSvg
        geometry={geometry}
        current={current}
        proc={proc}
        nameOf={nameOf}
        title={t('panels.statechart.title', { replica: replicaId })}
        describedBy={statusId}
      />
      <details className="panels-statechart-text">
        <summary>{t('panels.statechart.asText')}</summary>
        <ul>
          {states.map((state) => (
            <li key={state} aria-current={state === current ? 'true' : undefined}>
              {t('panels.statechart.transitions', {
                state: nameOf(state),
                targets: (targets.get(state) ?? []).map(nameOf).join(', '),
              })}
              {state === current ? <strong>{t('panels.statechart.currentMark')}</strong> : null}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
