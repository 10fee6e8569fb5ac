import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfNightShort } from '../../../model/timeOfNight';
import { localDigits } from '../../i18n/digits';

export const PLAYBACK_SPEEDS = [1, 10, 60, 300] as const;

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

interface PlaybackControlsProps {
  readonly playheadMs: number;
  readonly fromMs: number;
  readonly toMs: number;
  readonly playing: boolean;
  /** Night milliseconds per real millisecond; one of PLAYBACK_SPEEDS. */
  readonly speed: number;
  readonly onPlay: () => void;
  readonly onPause: () => void;
  /** Move to the previous (-1) or next (1) event of the night. */
  readonly onStep: (direction: -1 | 1) => void;
  /** Move to the previous (-1) or next (1) key moment of the night's story; absent: no buttons. */
  readonly onStepMoment?: (direction: -1 | 1) => void;
  /** The key moments at the playhead in words (`02:05:10: B takes over with token 8`), or null. */
  readonly momentText?: string | null;
  readonly onSeek: (ms: number) => void;
  readonly onSpeed: (speed: number) => void;
}

/**
 * Play, pause, step between events or between the key moments of the night's story (whose
 * words then show, and are read out, under the controls), drag the playhead, choose the speed. The playhead is a
 * native range whose value is the true time in ms; its keys move by a second (arrows) or a
 * minute (Page Up/Down) rather than the range's one-millisecond step, and screen readers
 * hear the time of night, not a number. It runs left to right in Arabic too, with the chart's
 * time axis.
 */
export function PlaybackControls(props: PlaybackControlsProps) {
  const { playheadMs, fromMs, toMs, playing, speed, onPlay, onPause, onStep, onSeek, onSpeed, onStepMoment } = props;
  const { t } = useTranslation();
  const rangeId = useId();
  const speedId = useId();
  const time = localDigits(formatTimeOfNightShort(playheadMs));
  const clamp = (ms: number) => Math.min(toMs, Math.max(fromMs, ms));
  const onRangeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const deltaMs = rangeKeyDeltaMs(event.key);
    if (deltaMs === null) return;
    event.preventDefault();
    onSeek(clamp(playheadMs + deltaMs));
  };
  return (
    <>
      <fieldset className="panels-playback">
        <legend className="panels-visually-hidden">{t('panels.playback.legend')}</legend>
        {onStepMoment ? (
          <button type="button" className="panels-button" onClick={() => onStepMoment(-1)}>
            <span aria-hidden="true">⇤ </span>
            {t('panels.playback.previousMoment')}
          </button>
        ) : null}
        <button type="button" className="panels-button" onClick={() => onStep(-1)}>
          <span aria-hidden="true">« </span>
          {t('panels.playback.previous')}
        </button>
        <button type="button" className="panels-button panels-play" onClick={playing ? onPause : onPlay}>
          <span aria-hidden="true">{playing ? '‖ ' : '▶ '}</span>
          {playing ? t('panels.playback.pause') : t('panels.playback.play')}
        </button>
        <button type="button" className="panels-button" onClick={() => onStep(1)}>
          {t('panels.playback.next')}
          <span aria-hidden="true"> »</span>
        </button>
        {onStepMoment ? (
          <button type="button" className="panels-button" onClick={() => onStepMoment(1)}>
            {t('panels.playback.nextMoment')}
            <span aria-hidden="true"> ⇥</span>
          </button>
        ) : null}
        <span className="panels-playback-group panels-playback-group--grow">
          <label htmlFor={rangeId}>{t('panels.playback.playhead')}</label>
          {/* Time runs left to right on the chart in every language: a mirrored page must not
              mirror the playhead, or its handle would start on the right and move against time. */}
          <input
            id={rangeId}
            type="range"
            dir="ltr"
            className="panels-playhead"
            min={fromMs}
            max={toMs}
            step={1}
            value={clamp(playheadMs)}
            aria-valuetext={time}
            onChange={(event) => onSeek(clamp(Math.round(Number(event.currentTarget.value))))}
            onKeyDown={onRangeKey}
          />
          <output htmlFor={rangeId} className="panels-time">
            {time}
          </output>
        </span>
        <span className="panels-playback-group">
          <label htmlFor={speedId}>{t('panels.playback.speed')}</label>
          <select id={speedId} value={String(speed)} onChange={(event) => onSpeed(Number(event.currentTarget.value))}>
            {PLAYBACK_SPEEDS.map((value) => (
              <option key={value} value={String(value)}>
                {t('panels.playback.speedOption', { speed: value })}
              </option>
            ))}
          </select>
        </span>
      </fieldset>
      {/* What happens at the playhead, in words: read out when a key-moment step lands there. */}
      {onStepMoment ? (
        <p className="panels-moment" role="status" aria-live="polite">
          {props.momentText ?? ''}
        </p>
      ) : null}
    </>
  );
}

/** How far a key moves the playhead; null for keys the range handles itself (Home, End). */
function rangeKeyDeltaMs(key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return -SECOND_MS;
    case 'ArrowRight':
    case 'ArrowUp':
      return SECOND_MS;
    case 'PageDown':
      return -MINUTE_MS;
    case 'PageUp':
      return MINUTE_MS;
    default:
      return null;
  }
}
