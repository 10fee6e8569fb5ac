import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDurationMs } from '../../model/duration';
import { formatTimeOfNightShort } from '../../model/timeOfNight';
import { lintConfiguration } from '../../sim/configLint';
import type { ViolationMessage } from '../../sim/trace';
import { HandInFileButton } from '../handIn/HandInFileButton';
import { nightOf } from '../state/night';
import { useStores } from '../state/stores';
import { violationText } from '../violationText';
import { DurationSlider } from './DurationSlider';
import { EX05_DEFAULTS, EX05_RANGES, type Ex05Night, type Ex05Settings, ex05Document, secondRun } from './ex05Nights';
import '../lessons/lessonViewsText';

const NIGHTS: readonly Ex05Night[] = ['normal', 'worst'];

/** Why ShedLock (or the lint, I7) objects, in words. */
function explanation(t: TFunction, message: ViolationMessage): string {
  switch (message.key) {
    case 'atLeastExceedsAtMost':
    case 'atMostBelowRuntime':
    case 'atLeastBelowSkew':
    case 'keepAliveTooShort':
      return t(`explorer.ex05.explain.${message.key}`);
    default:
      return t('explorer.ex05.explain.other');
  }
}

/**
 * EX05's explorer: sliders for lockAtMostFor, lockAtLeastFor and C's clock skew, tried on the
 * normal night and the worst night at once (ex05Nights.ts). The timeline shows the chosen
 * night with the grant that let a second run in ringed, the playhead on its start; the lint
 * (I7) says in words what ShedLock's rules say about the settings.
 */
export function Ex05Explorer() {
  const { t } = useTranslation();
  const stores = useStores();
  const [settings, setSettings] = useState<Ex05Settings>(EX05_DEFAULTS);
  const [shown, setShown] = useState<Ex05Night>('normal');
  const nightName = useId();

  const results = useMemo(
    () =>
      NIGHTS.map((night) => {
        const result = nightOf(ex05Document(night, settings));
        return { night, result, second: result.kind === 'ok' ? secondRun(result.trace) : null };
      }),
    [settings],
  );

  useEffect(() => {
    const document = ex05Document(shown, settings);
    stores.documents.getState().replace(document, `explorer:ex05`);
    const second = results.find((entry) => entry.night === shown)?.second ?? null;
    stores.ui.getState().set({
      highlight: second
        ? { grantIds: second.grantId === null ? [] : [second.grantId], laneIds: [second.replica] }
        : null,
      playheadMs: second?.startMs ?? null,
      viewport: null,
      selectedEventIndex: null,
      selectedWriteId: null,
    });
  }, [shown, settings, results, stores]);

  // Warnings of both nights, once each (the worst night's include the runtime).
  const findings = new Map<string, ViolationMessage>();
  for (const { result } of results) {
    if (result.kind !== 'ok') continue;
    for (const finding of lintConfiguration(result.scenario))
      if (!findings.has(finding.key)) findings.set(finding.key, finding);
  }
  const update = (patch: Partial<Ex05Settings>) => setSettings((current) => ({ ...current, ...patch }));

  return (
    <section className="panels-section explorer" aria-labelledby="ex05-heading">
      <h2 id="ex05-heading">{t('explorer.ex05.heading')}</h2>
      <p>{t('explorer.ex05.intro')}</p>
      <div className="explorer-sliders">
        <DurationSlider
          label={t('explorer.ex05.atMost')}
          valueMs={settings.atMostMs}
          range={EX05_RANGES.atMostMs}
          onChange={(atMostMs) => update({ atMostMs })}
        />
        <DurationSlider
          label={t('explorer.ex05.atLeast')}
          valueMs={settings.atLeastMs}
          range={EX05_RANGES.atLeastMs}
          onChange={(atLeastMs) => update({ atLeastMs })}
        />
        <DurationSlider
          label={t('explorer.ex05.skew')}
          valueMs={settings.skewMs}
          range={EX05_RANGES.skewMs}
          onChange={(skewMs) => update({ skewMs })}
        />
      </div>
      <fieldset className="explorer-nights">
        <legend>{t('explorer.ex05.nightLegend')}</legend>
        {NIGHTS.map((night) => (
          <label key={night}>
            <input
              type="radio"
              name={nightName}
              value={night}
              checked={shown === night}
              onChange={() => setShown(night)}
            />{' '}
            {t(`explorer.ex05.${night}`)}
          </label>
        ))}
      </fieldset>
      <h3>{t('explorer.ex05.resultsHeading')}</h3>
      <ul className="explorer-results" aria-live="polite">
        {results.map(({ night, second }) => {
          const name = t(night === 'normal' ? 'explorer.ex05.normalName' : 'explorer.ex05.worstName');
          if (second === null) return <li key={night}>{t('explorer.ex05.once', { night: name })}</li>;
          const params = {
            night: name,
            replica: second.replica,
            first: second.firstReplica,
            time: formatTimeOfNightShort(second.startMs),
          };
          return (
            <li key={night} data-night={night}>
              {second.overlapping ? t('explorer.ex05.secondDuring', params) : t('explorer.ex05.secondAfter', params)}
            </li>
          );
        })}
      </ul>
      <h3>{t('explorer.ex05.lintHeading')}</h3>
      {findings.size === 0 ? (
        <p>{t('explorer.ex05.lintClear')}</p>
      ) : (
        <ul className="explorer-lint">
          {[...findings.values()].map((finding) => (
            <li key={finding.key}>
              <strong>{violationText(t, finding)}</strong> {explanation(t, finding)}
            </li>
          ))}
        </ul>
      )}
      {/* The sliders' durations start the answer; the student still writes why. */}
      <HandInFileButton
        exercise="ex05"
        prefill={{
          lockAtMostFor: formatDurationMs(settings.atMostMs),
          lockAtLeastFor: formatDurationMs(settings.atLeastMs),
        }}
      />
      <button type="button" onClick={() => stores.ui.getState().set({ explorer: null, highlight: null })}>
        {t('explorer.close')}
      </button>
    </section>
  );
}
