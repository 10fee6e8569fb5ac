import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measuredOf } from '../model/measuredNight';
import type { ScenarioEdit } from '../model/scenarioEdit';
import { LegendButton, LegendForExport } from './chart/ChartLegend';
import { NightStory } from './chart/NightStory';
import { storyOnScreen } from './chart/storyOnScreen';
import { ConfirmReplace } from './components/ConfirmReplace';
import { LanguageSwitcher } from './components/LanguageSwitcher';
import { LiveVerdict } from './components/LiveVerdict';
import { onDemand } from './components/onDemand';
import { CourseMenu } from './course/CourseMenu';
import { ConflictPrompt } from './exchange/ConflictPrompt';
import { DropZone } from './exchange/DropZone';
import { ExportMenu } from './exchange/ExportMenu';
import { OpenButton } from './exchange/OpenButton';
import { SetAsideWork } from './exchange/SetAsideWork';
import { ExerciseButton } from './exercise/ExerciseButton';
import { ExplorerPanel } from './explorer/ExplorerPanel';
import { LessonMenu } from './lessons/LessonMenu';
import { answersHidden, laterStepOf } from './lessons/laterQuestion';
import { ExercisePanel, LessonPlayer, PresentationView, StepVerdict } from './modeParts';
import { PaletteRow } from './PaletteRow';
import { FencingSwitch, PlaybackControls } from './panels';
import { Notice } from './playground/Notice';
import { useShortWindow } from './playground/shortWindow';
import { stepFrom, stepTimes } from './playground/stepTimes';
import { switchFencing } from './playground/switchFencing';
import { Toolbar } from './playground/Toolbar';
import { useKeyMoments } from './playground/useKeyMoments';
import { usePlayback } from './playground/usePlayback';
import { useShortcuts } from './playground/useShortcuts';
import { FindFailureButton } from './search/FindFailureButton';
import { FindFailurePanel } from './search/findFailurePanelPart';
import { useDocument } from './state/documentStore';
import { nightOf } from './state/night';
import { useStores } from './state/stores';
import { useUi } from './state/uiStore';
import { useAddressSync } from './state/useAddressSync';
import { TimelineView } from './timeline/TimelineView';
import type { TimelineController } from './timeline/timelineController';
import { CheckEveryNightButton } from './verify/CheckEveryNightButton';
import { CheckEveryNightPanel } from './verify/checkEveryNightPanelPart';
import { Workbench } from './Workbench';

// What only a measured night or the `?` key shows loads when it first shows, as the teaching
// modes' views do (modeParts.ts; components/onDemand.tsx): the first load is the playground.
const MeasuredNightPanel = onDemand(() => import('./measured/MeasuredNightPanel').then((m) => m.MeasuredNightPanel));
const ShortcutsDialog = onDemand(() => import('./panels/ShortcutsDialog').then((m) => m.ShortcutsDialog), {
  hiddenLoading: true,
});

/**
 * Margin kept under the chart's section (the playback row and the palette under the chart
 * are measured: timelineController's reserveBelowPx), so the panels' first edge shows.
 */
const PLAYGROUND_RESERVE_BELOW_PX = 40;
/** On a short window a thin margin: the whole night comes first. */
const SHORT_WINDOW_RESERVE_BELOW_PX = 8;

/**
 * The page: the playground, or a lesson in presentation mode (src/app/present). The address
 * follows either (a share link, or the lesson link of the step shown).
 */
export function App() {
  const stores = useStores();
  const presenting = useUi(stores.ui, (state) => state.presenting && state.lesson !== null);
  useAddressSync(stores);
  return presenting ? <PresentationView /> : <Playground />;
}

/**
 * The playground: the night of the current scenario as a timeline to drag, with its verdict,
 * playback, settings, the selected event, and text tables of everything for screen readers.
 * Everything shown is derived from the document store (committed) or the drag preview. With a
 * lesson open, its player sits above the chart, and while it waits for a prediction the
 * verdict and the panels that would give the answer away are hidden.
 */
function Playground() {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  const { documents, ui } = stores;
  // The page follows the committed document; during a drag only the chart (its controller)
  // and the verdict (LiveVerdict) follow the preview, so a drag tick never waits for the
  // panels to re-render.
  const document = useDocument(documents, (state) => state.document);
  const source = useDocument(documents, (state) => state.source);
  const night = nightOf(document);
  const measured = useMemo(() => measuredOf(document), [document]);
  const lastGood = useRef(night);
  if (night.kind === 'ok') lastGood.current = night;
  const shown = lastGood.current.kind === 'ok' ? lastGood.current : null;
  // The story written for a preset's night, while it is that night; else the chart's own.
  const story = storyOnScreen(t, document, source, shown, i18n.language);
  const playheadMs = useUi(ui, (state) => state.playheadMs);
  const playing = useUi(ui, (state) => state.playing);
  const speed = useUi(ui, (state) => state.speed);
  const selectedEventIndex = useUi(ui, (state) => state.selectedEventIndex);
  const statechartReplica = useUi(ui, (state) => state.statechartReplica);
  const selectedWriteId = useUi(ui, (state) => state.selectedWriteId);
  const shortcutsOpen = useUi(ui, (state) => state.shortcutsOpen);
  // The dialog's code arrives the first time it opens (the `?` key or the toolbar's button);
  // it stays mounted after, and closes itself.
  const [shortcutsWanted, setShortcutsWanted] = useState(false);
  if (shortcutsOpen && !shortcutsWanted) setShortcutsWanted(true);
  // Find a failure's panel likewise arrives with the first search (search/findFailurePanelPart.ts).
  const searchShown = useUi(ui, (state) => state.findFailure.status !== 'idle');
  const [searchWanted, setSearchWanted] = useState(false);
  if (searchShown && !searchWanted) setSearchWanted(true);
  // Check every night's likewise arrives with its first form (verify/checkEveryNightPanelPart.ts).
  const verifyShown = useUi(ui, (state) => state.checkEveryNight.status !== 'idle');
  const [verifyWanted, setVerifyWanted] = useState(false);
  if (verifyShown && !verifyWanted) setVerifyWanted(true);
  const shortWindow = useShortWindow();
  const exerciseShown = document.exercise !== undefined || (document.explanation ?? '') !== '';
  const [controller, setController] = useState<TimelineController | null>(null);
  const onController = useCallback((next: TimelineController | null) => setController(next), []);

  const windowFromMs = shown?.scenario.windowFromMs ?? 0;
  const windowToMs = shown?.scenario.windowToMs ?? 1;
  const steps = useMemo(() => (shown ? stepTimes(shown.trace) : []), [shown]);
  const onFencing = useCallback((edits: ScenarioEdit[]) => switchFencing(stores, edits), [stores]);
  const lessonOpen = useUi(ui, (state) => state.lesson !== null);
  // The verdict and the panels would give a prediction's answer away: hidden while one waits.
  const predictionPending = useUi(ui, answersHidden);
  const laterStep = useUi(ui, laterStepOf);
  usePlayback(ui, windowFromMs, windowToMs);
  const head = playheadMs ?? windowFromMs;
  const moments = useKeyMoments(shown, head);
  useShortcuts({
    stores,
    stepTimes: steps,
    momentTimes: moments.times,
    windowFromMs,
    onViewportKey: (key) => controller?.viewportKey(key) ?? false,
  });

  return (
    <>
      <header className="site-header">
        <div className="wrap header-row">
          <h1 className="brand">{t('app.title')}</h1>
          <LanguageSwitcher />
          <FencingSwitch fencing={document.storage?.fencing ?? 'off'} onEdits={onFencing} />
          {/* Everything that teaches, side by side: tours and views, the course map, the exercise. */}
          <fieldset className="learn-group">
            <legend className="visually-hidden">{t('toolbar.learnGroup')}</legend>
            <LessonMenu />
            <CourseMenu />
            <ExerciseButton />
          </fieldset>
          <Toolbar onShowShortcuts={() => ui.getState().set({ shortcutsOpen: true })}>
            <OpenButton />
            <ExportMenu />
          </Toolbar>
        </div>
      </header>
      <main className="wrap playground">
        <Notice />
        <ConflictPrompt />
        <SetAsideWork />
        {lessonOpen ? <LessonPlayer night={night} /> : null}
        {lessonOpen ? <StepVerdict night={night} hidden={predictionPending} laterStep={laterStep} /> : <LiveVerdict />}
        {/* Beside the chart, so the checklist and the night the student draws share the first
            screen. Shown for a hand-in: an exercise, or a night with an explanation written into it. */}
        <div className={exerciseShown ? 'night-area night-area--beside-exercise' : 'night-area'}>
          {exerciseShown ? <ExercisePanel document={document} night={shown} /> : null}
          <div className="night-area-chart">
            <div className="chart-head">
              {lessonOpen ? null : <NightStory story={story} />}
              {/* The key to the chart comes first after its story; the search is an action on it. */}
              <LegendButton document={document} night={shown} />
              <FindFailureButton />
              <CheckEveryNightButton />
            </div>
            {/* Until then, the panel's own markup when idle: an empty section. */}
            {searchWanted ? <FindFailurePanel /> : <section className="find-failure" />}
            {verifyWanted ? <CheckEveryNightPanel /> : <section className="check-every-night" />}
            <section aria-labelledby="timeline-heading" className="timeline-section">
              <h2 id="timeline-heading" className="visually-hidden">
                {t('playground.timelineHeading')}
              </h2>
              {/* The playback controls and the palette under it stay on the first screen. */}
              <TimelineView
                onController={onController}
                reserveBelowPx={shortWindow ? SHORT_WINDOW_RESERVE_BELOW_PX : PLAYGROUND_RESERVE_BELOW_PX}
              />
              <LegendForExport document={document} night={shown} />
              <PlaybackControls
                playheadMs={head}
                fromMs={windowFromMs}
                toMs={windowToMs}
                playing={playing}
                speed={speed}
                onPlay={() =>
                  ui.getState().set({ playing: true, playheadMs: head >= windowToMs ? windowFromMs : head })
                }
                onPause={() => ui.getState().set({ playing: false })}
                onStep={(direction) => {
                  const next = stepFrom(steps, head, direction);
                  if (next !== null) ui.getState().set({ playheadMs: next, playing: false });
                }}
                onStepMoment={(direction) => {
                  const next = stepFrom(moments.times, head, direction);
                  if (next !== null) ui.getState().set({ playheadMs: next, playing: false });
                }}
                momentText={moments.atPlayhead}
                onSeek={(ms) => ui.getState().set({ playheadMs: ms })}
                onSpeed={(next) => ui.getState().set({ speed: next })}
              />
              {/* Under the lanes an event is dragged onto; hidden with the panels while a prediction waits. */}
              {predictionPending ? null : (
                <PaletteRow night={shown} head={head} statechartReplica={statechartReplica} controller={controller} />
              )}
            </section>
          </div>
        </div>
        {measured && shown ? <MeasuredNightPanel measured={measured} night={shown} /> : null}
        <ExplorerPanel />
        {predictionPending ? null : (
          <Workbench
            document={document}
            night={shown}
            head={head}
            selectedEventIndex={selectedEventIndex}
            selectedWriteId={selectedWriteId}
            statechartReplica={statechartReplica}
          />
        )}
      </main>
      {shortcutsWanted ? (
        <ShortcutsDialog open={shortcutsOpen} onClose={() => ui.getState().set({ shortcutsOpen: false })} />
      ) : null}
      <ConfirmReplace />
      <DropZone />
    </>
  );
}
