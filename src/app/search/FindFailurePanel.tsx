import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { openPreset } from '../course/openPreset';
import { replaceNight } from '../exercise/leaveExercise';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { findFailureOnPage } from './findFailureOnPage';
import { openFoundNight, watchFoundHighlight } from './openFoundNight';
import { cancelSearch, watchSearchedDesign } from './searchRunner';
import { FIND_FAILURE_IDLE, type FindFailureState } from './searchState';
import { countText, faultsText, violationsText } from './searchWords';
import './search.css';

/**
 * "Find a failure" under way or done, above the chart: the progress (a named progressbar:
 * nights tried out of the budget, the phase, the best night so far) with Cancel, then the
 * outcome in a live region ("A 1-event night breaks this design", or "No failure in 5,000
 * nights of ...") with Open. Focus follows the person's hand: to Cancel when a search starts
 * from the button, to Open or Close when it ends while focus was on Cancel, back to the
 * button after Cancel or Close; Open gives it to the found event on the chart.
 */
export function FindFailurePanel() {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  const { ui } = stores;
  const state = useUi(ui, (current) => current.findFailure);
  const headingId = useId();
  const progressId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  const language = i18n.language;

  useEffect(() => watchFoundHighlight(stores), [stores]);
  useEffect(() => watchSearchedDesign(stores), [stores]);

  // Focus: a started search's Cancel; an ended one's first action when Cancel had it.
  useEffect(() => {
    if (state.status === 'running') {
      const active = document.activeElement;
      if (active === null || active === document.body || active.classList.contains('find-failure-button')) {
        cancelRef.current?.focus();
      }
      return;
    }
    if ((state.status === 'done' || state.status === 'designChanged') && hadFocus.current) {
      firstActionRef.current?.focus();
    }
  }, [state.status]);

  const backToButton = () => document.querySelector<HTMLButtonElement>('.find-failure-button')?.focus();
  const close = () => {
    ui.getState().set({ findFailure: FIND_FAILURE_IDLE });
    backToButton();
  };
  const cancel = () => {
    // The button is enabled again before it takes the focus back.
    flushSync(() => cancelSearch(stores));
    backToButton();
  };

  return (
    <section
      className={`find-failure${state.status === 'idle' ? '' : ' find-failure--active'}`}
      aria-labelledby={state.status === 'idle' ? undefined : headingId}
      onKeyDown={(event) => {
        // Escape from inside the panel: Cancel while it searches, else Close.
        if (event.key !== 'Escape' || state.status === 'idle') return;
        event.stopPropagation();
        if (state.status === 'running') cancel();
        else close();
      }}
    >
      {state.status === 'idle' ? null : (
        <h2 id={headingId} className="find-failure-heading">
          {t('search.heading')}
        </h2>
      )}
      {state.status === 'running' ? (
        <div className="find-failure-running">
          <p className="find-failure-intro">{t('search.intro')}</p>
          <div
            id={progressId}
            role="progressbar"
            className="find-failure-bar"
            aria-label={t('search.progressName')}
            aria-valuemin={0}
            aria-valuemax={state.progress.budget}
            aria-valuenow={state.progress.tried}
            aria-valuetext={progressText(t, language, state)}
          >
            <span style={{ inlineSize: `${(100 * state.progress.tried) / Math.max(1, state.progress.budget)}%` }} />
          </div>
          <p className="find-failure-progress">{progressText(t, language, state)}</p>
          <button
            ref={cancelRef}
            type="button"
            className="panels-button"
            onFocus={() => {
              hadFocus.current = true;
            }}
            onBlur={() => {
              hadFocus.current = false;
            }}
            onClick={cancel}
          >
            {t('search.cancel')}
          </button>
        </div>
      ) : null}
      {/* Always in the page, so that screen readers hear the outcome when it arrives. */}
      <p role="status" className="find-failure-outcome">
        {outcomeText(t, language, state)}
      </p>
      {state.status === 'done' ||
      state.status === 'cancelled' ||
      state.status === 'failed' ||
      state.status === 'designChanged' ? (
        <div className="find-failure-actions">
          {state.status === 'done' && state.result.found ? (
            <button
              ref={firstActionRef}
              type="button"
              className="panels-button"
              onClick={() => {
                if (state.result.found) openFoundNight(stores, t, state.result);
              }}
            >
              {t('search.open')}
            </button>
          ) : null}
          {state.status === 'done' && state.followUp ? (
            <button
              type="button"
              className="panels-button"
              onClick={() => {
                const next = state.followUp;
                if (!next) return;
                replaceNight(stores, t, next.title, () => {
                  if (openPreset(stores, next.presetId)) findFailureOnPage(stores);
                });
              }}
            >
              {t('search.followUp', { title: state.followUp.title })}
            </button>
          ) : null}
          <button
            ref={state.status === 'done' && state.result.found ? undefined : firstActionRef}
            type="button"
            className="panels-button"
            onClick={close}
          >
            {t('search.close')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function progressText(t: TFunction, language: string, state: Extract<FindFailureState, { status: 'running' }>) {
  const { tried, budget, phase, bestEventCount } = state.progress;
  const phaseText: string = t(`search.phase.${phase}`);
  const best: string = bestEventCount === null ? t('search.bestNone') : t('search.best', { count: bestEventCount });
  return t('search.progress', {
    tried: countText(language, tried),
    budget: countText(language, budget),
    phase: phaseText,
    best,
  });
}

function outcomeText(t: TFunction, language: string, state: FindFailureState): string {
  switch (state.status) {
    case 'idle':
    case 'running':
      return '';
    case 'cancelled':
      return t('search.cancelled');
    case 'designChanged':
      return t(state.wasRunning ? 'search.designChangedRunning' : 'search.designChangedDone');
    case 'failed':
      return t('search.failed', { message: state.message });
    case 'done': {
      const { result } = state;
      if (!result.found)
        return t('search.none', {
          tried: countText(language, result.schedulesTried),
          faults: faultsText(t, result.faults),
          seed: result.seed,
        });
      return t('search.found', {
        count: result.addedEventIndices.length,
        breaks: violationsText(t, result.violations),
        tried: countText(language, result.schedulesTried),
        seed: result.seed,
      });
    }
  }
}
