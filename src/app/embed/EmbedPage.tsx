import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioEdit } from '../../model/scenarioEdit';
import { shareFragment } from '../../model/shareLink';
import { windowViewport } from '../../timeline/viewport';
import { LiveVerdict } from '../components/LiveVerdict';
import { stepFrom } from '../playground/stepTimes';
import { switchFencing } from '../playground/switchFencing';
import { useKeyMoments } from '../playground/useKeyMoments';
import { usePlayback } from '../playground/usePlayback';
import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { TimelineView } from '../timeline/TimelineView';
import { EmbedControls } from './EmbedControls';
import type { EmbedOptionProblem, EmbedOptions } from './embedOptions';
import { EMBED_SIZING } from './embedSizing';
import { useHostMessages } from './useHostMessages';

/**
 * An embedded night: the chart with its key moments, the verdict and the controls the address
 * chose, fitted to the frame (embed.css). It opens in view mode with the whole night in view;
 * dragging only when `interactive=1`, and even then nothing is saved (no autosave exists here).
 * "Open in Leaseline" opens the night shown, as a share link, in the full app in a new tab.
 */
export function EmbedPage({
  options,
  problems,
}: {
  readonly options: EmbedOptions;
  readonly problems: readonly EmbedOptionProblem[];
}) {
  const { t } = useTranslation();
  const stores = useStores();
  const { documents, ui } = stores;
  const document = useDocument(documents, (state) => state.document);
  const night = nightOf(document);
  const shown = night.kind === 'ok' ? night : null;
  const fromMs = shown?.scenario.windowFromMs ?? 0;
  const toMs = shown?.scenario.windowToMs ?? 1;
  const playheadMs = useUi(ui, (state) => state.playheadMs);
  const playing = useUi(ui, (state) => state.playing);
  const head = playheadMs ?? fromMs;
  usePlayback(ui, fromMs, toMs);
  const moments = useKeyMoments(shown, head);
  useHostMessages(stores, night, options.hostOrigin);
  // The whole night in view, whatever part of it the app would open on (a short job's action).
  // With the app's 1 % either side, so the first and last ticks' words are not cut.
  useEffect(() => {
    const whole = windowViewport(fromMs, toMs, 1);
    ui.getState().set({ viewport: { fromMs: whole.fromMs, toMs: whole.toMs } });
  }, [ui, fromMs, toMs]);
  const onFencing = useCallback((edits: ScenarioEdit[]) => switchFencing(stores, edits), [stores]);
  const appAddress = `${new URL('./', window.location.href).href}${shareFragment(document)}`;
  const momentShown = options.controls.includes('steps') || options.controls.includes('play');

  return (
    <main className={options.interactive ? 'embed' : 'embed embed--view'}>
      <div className="embed-bar">
        <EmbedControls
          controls={options.controls}
          fencing={document.storage?.fencing ?? 'off'}
          playing={playing}
          onFencing={onFencing}
          onPlay={() => ui.getState().set({ playing: true, playheadMs: head >= toMs ? fromMs : head })}
          onPause={() => ui.getState().set({ playing: false })}
          onStepMoment={(direction) => {
            const next = stepFrom(moments.times, head, direction);
            if (next !== null) ui.getState().set({ playheadMs: next, playing: false });
          }}
        />
        <a className="embed-open" href={appAddress} target="_blank" rel="noopener">
          {t('embed.openInApp')}
          <span className="visually-hidden"> ({t('embed.openInAppHint')})</span>
          <span aria-hidden="true"> ↗</span>
        </a>
      </div>
      <LiveVerdict />
      {problems.map((problem) => (
        <p key={problem.option} className="embed-note">
          {t('embed.problem.option', { option: problem.option, value: problem.value })}
        </p>
      ))}
      {momentShown ? (
        <p
          className={moments.atPlayhead === null ? 'embed-moment embed-moment--idle' : 'embed-moment'}
          aria-live="polite"
        >
          {moments.atPlayhead === null ? t('embed.noMoment') : moments.atPlayhead}
        </p>
      ) : null}
      <section className="embed-chart" aria-label={t('playground.timelineHeading')}>
        <TimelineView sizing={EMBED_SIZING} editable={options.interactive} />
      </section>
    </main>
  );
}
