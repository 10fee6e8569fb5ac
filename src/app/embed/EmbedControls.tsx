import { useTranslation } from 'react-i18next';
import type { ScenarioEdit } from '../../model/scenarioEdit';
import { type FencingMode, FencingSwitch } from '../panels/FencingSwitch';
import type { EmbedControl } from './embedOptions';

/**
 * The controls an embed's address chose (`controls=fencing,play,steps`), in a group named for
 * screen readers: the app's own Fencing switch, Play / Pause, and the previous / next key
 * moment, with the app's words. Presentational: what is pressed comes back as callbacks.
 */
export function EmbedControls({
  controls,
  fencing,
  playing,
  onFencing,
  onPlay,
  onPause,
  onStepMoment,
}: {
  readonly controls: readonly EmbedControl[];
  readonly fencing: FencingMode;
  readonly playing: boolean;
  readonly onFencing: (edits: ScenarioEdit[]) => void;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  readonly onStepMoment: (direction: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  if (controls.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> would draw a box around a toolbar row; role="group" names it the same.
    <div role="group" aria-label={t('embed.controls')} className="embed-controls">
      {controls.includes('fencing') ? <FencingSwitch fencing={fencing} onEdits={onFencing} /> : null}
      {controls.includes('steps') ? (
        <button type="button" className="panels-button" onClick={() => onStepMoment(-1)}>
          <span aria-hidden="true">⇤ </span>
          {t('panels.playback.previousMoment')}
        </button>
      ) : null}
      {controls.includes('play') ? (
        <button type="button" className="panels-button embed-play" onClick={playing ? onPause : onPlay}>
          <span aria-hidden="true">{playing ? '‖ ' : '▶ '}</span>
          {playing ? t('panels.playback.pause') : t('panels.playback.play')}
        </button>
      ) : null}
      {controls.includes('steps') ? (
        <button type="button" className="panels-button" onClick={() => onStepMoment(1)}>
          {t('panels.playback.nextMoment')}
          <span aria-hidden="true"> ⇥</span>
        </button>
      ) : null}
    </div>
  );
}
