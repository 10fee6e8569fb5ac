import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioEdit } from '../model/scenarioEdit';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { onDemand } from './components/onDemand';
import {
  AtPlayhead,
  EventTable,
  GrantTable,
  Inspector,
  OutcomeTable,
  SettingsPanel,
  stateAtPlayhead,
  ViolationList,
} from './panels';
import { useFocusReturn } from './panels/statechart/useFocusReturn';
import { revealPlayhead, revealSection } from './playground/reveal';
import type { Night } from './state/night';
import { useStores } from './state/stores';
import type { TimeSpan } from './state/uiStore';
import { violationText } from './violationText';

/**
 * A chosen write's statements: shown only once a write is clicked, so they and the statement
 * renderers (SQL, etcdctl, zkCli) arrive then, off the first screen's scripts.
 */
const SqlView = onDemand(() => import('./panels/sql/SqlView').then((m) => m.SqlView));

/** A replica's state machine, opened from its lane name: its code arrives on first use. */
const StatechartView = onDemand(() => import('./panels/statechart/StatechartView').then((m) => m.StatechartView));

/** The visible span, moved (same width) to centre `atMs` when it is out of view; null stays whole-window. */
function spanShowing(span: TimeSpan | null, atMs: number): TimeSpan | null {
  if (span === null || (atMs >= span.fromMs && atMs <= span.toMs)) return span;
  const halfMs = (span.toMs - span.fromMs) / 2;
  return { fromMs: Math.max(0, atMs - halfMs), toMs: Math.max(0, atMs - halfMs) + 2 * halfMs };
}

interface WorkbenchProps {
  readonly document: ScenarioDocument;
  readonly night: Extract<Night, { kind: 'ok' }> | null;
  readonly head: number;
  readonly selectedEventIndex: number | null;
  readonly selectedWriteId: number | null;
  readonly statechartReplica: string | null;
}

/**
 * The panels under the timeline: inspector, settings, the night at the playhead, the
 * statechart, what went wrong, the SQL of a write, and text tables of everything. Memoised:
 * during a drag it re-renders only when React gets round to the deferred document.
 */
export const Workbench = memo(function Workbench({
  document,
  night: shown,
  head,
  selectedEventIndex,
  selectedWriteId,
  statechartReplica,
}: WorkbenchProps) {
  const { t } = useTranslation();
  const { documents, ui } = useStores();
  const commit = (edits: ScenarioEdit[]) => documents.getState().commit(edits);
  const events = document.events ?? [];
  const selectedEvent = selectedEventIndex === null ? null : (events[selectedEventIndex] ?? null);
  const replicaIds = shown?.trace.replicaIds ?? [];
  const atHead = shown ? stateAtPlayhead(shown.trace, head, shown.scenario.storage.lastToken) : null;
  const chartReplica = statechartReplica ? atHead?.replicas.find((replica) => replica.id === statechartReplica) : null;
  // A lane name clicked on the chart opens its state machine at the foot of the panels: show
  // it, its heading focused (a screen reader hears which machine opened).
  // Closing it gives the focus back to what opened it (before the reveal below moves it in).
  useFocusReturn(statechartReplica);
  const shownReplica = useRef(statechartReplica);
  useEffect(() => {
    if (statechartReplica === shownReplica.current) return;
    shownReplica.current = statechartReplica;
    if (statechartReplica !== null) revealSection('statechart-heading');
  }, [statechartReplica]);
  return (
    <div className="workbench">
      <div className="workbench-column">
        <div className="panel">
          <Inspector
            event={selectedEvent}
            index={selectedEventIndex}
            replicaIds={[...replicaIds]}
            orders={shown?.scenario.job.items.map((item) => item.order) ?? []}
            nodes={[...replicaIds, 'db']}
            onEdits={commit}
            onDelete={(index) => {
              commit([{ kind: 'removeEvent', index }]);
              ui.getState().set({ selectedEventIndex: null });
            }}
          />
        </div>
        {shown ? (
          <div className="panel">
            <SettingsPanel document={document} scenario={shown.scenario} onEdits={commit} />
          </div>
        ) : null}
      </div>
      <div className="workbench-column">
        {/* A chosen write's SQL comes first, where the click that chose it can see it. */}
        {shown && selectedWriteId !== null ? (
          <div className="panel">
            <SqlView trace={shown.trace} writeId={selectedWriteId} />
          </div>
        ) : null}
        {shown && atHead ? (
          <div className="panel panel--at-playhead">
            <AtPlayhead
              trace={shown.trace}
              playheadMs={head}
              replicaIds={replicaIds}
              initialLastToken={shown.scenario.storage.lastToken}
              showLockRow={shown.scenario.lock.kind === 'shedlock'}
              hosts={shown.scenario.replicas}
              onShowMachine={(replicaId) => ui.getState().set({ statechartReplica: replicaId })}
            />
          </div>
        ) : null}
        {chartReplica ? (
          <section
            aria-labelledby="statechart-heading"
            className="panel"
            onKeyDown={(event) => {
              // Escape closes it from its heading too, where revealing it put the focus.
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              ui.getState().set({ statechartReplica: null });
            }}
          >
            <h2 id="statechart-heading" tabIndex={-1}>
              {t('playground.statechartHeading', { replica: chartReplica.id })}
            </h2>
            <StatechartView
              activity={chartReplica.activity ?? 'idle'}
              proc={chartReplica.proc}
              replicaId={chartReplica.id}
              onClose={() => ui.getState().set({ statechartReplica: null })}
            />
          </section>
        ) : null}
        {shown ? (
          <div className="panel">
            <ViolationList
              violations={shown.trace.violations.map((violation) => ({
                invariant: violation.invariant,
                atMs: violation.atMs,
                text: violationText(t, violation.message),
              }))}
              onJump={(atMs) => {
                ui.getState().set({
                  playheadMs: atMs,
                  playing: false,
                  viewport: spanShowing(ui.getState().viewport, atMs),
                });
                // The chart is far above the list: show it, the playhead slider focused.
                revealPlayhead();
              }}
            />
          </div>
        ) : null}
        {shown ? (
          <div className="panel">
            <EventTable
              events={events}
              selectedIndex={selectedEventIndex}
              onSelect={(index) => ui.getState().set({ selectedEventIndex: index })}
            />
            <GrantTable grants={shown.trace.grants} nightEndMs={shown.trace.truncatedAtMs ?? shown.trace.windowToMs} />
            <OutcomeTable report={shown.report} jobKind={shown.scenario.job.kind} />
          </div>
        ) : null}
      </div>
    </div>
  );
});
