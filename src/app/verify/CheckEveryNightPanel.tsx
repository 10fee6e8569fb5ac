import type { TFunction } from 'i18next';
import { useEffect, useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { findPreset } from '../../presets/catalogue';
import { faultsForScenario } from '../../search/faultKinds';
import { VERIFY_BOUNDS_DEFAULT } from '../../verify/verifyBounds';
import { openPreset } from '../course/openPreset';
import { replaceNight } from '../exercise/leaveExercise';
import { presetTitle } from '../i18n/presetText';
import { openFoundNight, watchFoundHighlight } from '../search/openFoundNight';
import { countText } from '../search/searchWords';
import { useDocument } from '../state/documentStore';
import { nightOf } from '../state/night';
import type { Stores } from '../state/stores';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { VerifyBoundsForm } from './VerifyBoundsForm';
import { cancelVerify, startVerify, watchVerifiedDesign } from './verifyRunner';
import { type CheckEveryNightState, VERIFIED_NIGHT_SOURCE } from './verifyState';
import { answerText, checkingText } from './verifyWords';
import './verifyText';
import '../search/search.css';
import './verify.css';

type Done = Extract<CheckEveryNightState, { status: 'done' }>;

/**
 * "Check every night" above the chart: the bounds' form, then the check under way (a named
 * progress bar: nights checked out of the nights within the bounds) with Cancel, then the
 * answer in a live region ("Safe within these bounds: ..." or "Unsafe: a night with one fault
 * breaks it: ...") with Open. Built as Find a failure's panel is, and its focus follows the
 * hand the same way: to Cancel when a check starts, to Open or Close when it ends while Cancel
 * had it, back to the button after Cancel or Close.
 */
export function CheckEveryNightPanel() {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  const state = useUi(stores.ui, (current) => current.checkEveryNight);
  const document = useDocument(stores.documents, (current) => current.document);
  const headingId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  const language = i18n.language;

  useEffect(() => watchFoundHighlight(stores), [stores]);
  useEffect(() => watchVerifiedDesign(stores), [stores]);
  useEffect(() => {
    if (state.status === 'form') formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
    if (state.status === 'running') cancelRef.current?.focus();
    if (state.status !== 'form' && state.status !== 'running' && hadFocus.current) firstActionRef.current?.focus();
  }, [state.status]);

  if (state.status === 'idle') return <section className="check-every-night" />;
  const backToButton = () => globalThis.document.querySelector<HTMLButtonElement>('.check-every-night-button')?.focus();
  const close = () => {
    stores.ui
      .getState()
      .set({ checkEveryNight: { status: 'idle', ...(state.bounds ? { bounds: state.bounds } : {}) } });
    backToButton();
  };
  const cancel = () => {
    // The button is enabled again before it takes the focus back.
    flushSync(() => cancelVerify(stores));
    backToButton();
  };
  const night = nightOf(document);
  const applicable = night.kind === 'ok' ? faultsForScenario(night.scenario) : VERIFY_BOUNDS_DEFAULT.faults;

  return (
    <section
      className="check-every-night find-failure find-failure--active"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        // Escape from inside the panel: Cancel while it checks, else Close.
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        if (state.status === 'running') cancel();
        else close();
      }}
    >
      <h2 id={headingId} className="find-failure-heading">
        {t('verify.heading')}
      </h2>
      {state.status === 'form' ? (
        <div ref={formRef} className="verify-form-area">
          <p className="find-failure-intro">{t('verify.intro')}</p>
          <VerifyBoundsForm
            initial={state.bounds ?? VERIFY_BOUNDS_DEFAULT}
            applicable={applicable}
            document={document}
            onCheck={(bounds) => startVerify(stores, stores.documents.getState().document, bounds)}
          >
            <button type="button" className="panels-button" onClick={close}>
              {t('verify.close')}
            </button>
          </VerifyBoundsForm>
        </div>
      ) : null}
      {state.status === 'running' ? (
        <div className="find-failure-running">
          <p className="find-failure-intro">{checkingText(t, state.bounds)}</p>
          <progress
            className="verify-bar"
            aria-label={t('verify.progressName')}
            aria-valuetext={progressText(t, language, state.progress)}
            max={Math.max(1, state.progress.nightsTotal)}
            value={state.progress.nightsChecked}
          />
          <p className="find-failure-progress">{progressText(t, language, state.progress)}</p>
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
            {t('verify.cancel')}
          </button>
        </div>
      ) : null}
      {/* Always in the page, so that screen readers hear the answer when it arrives. */}
      <p role="status" className="find-failure-outcome verify-outcome">
        {outcomeText(t, language, state)}
      </p>
      {state.status === 'form' || state.status === 'running' ? null : (
        <div className="find-failure-actions">
          {state.status === 'done' && opensAnotherNight(state) ? (
            <button
              ref={firstActionRef}
              type="button"
              className="panels-button"
              onClick={() => openSmallest(stores, t, state)}
            >
              {t('verify.open')}
            </button>
          ) : null}
          {state.status === 'done' && state.followUp ? <FollowUpButton stores={stores} state={state} /> : null}
          <button
            ref={state.status === 'done' && opensAnotherNight(state) ? undefined : firstActionRef}
            type="button"
            className="panels-button"
            onClick={() => stores.ui.getState().set({ checkEveryNight: { status: 'form', bounds: state.bounds } })}
          >
            {t('verify.again')}
          </button>
          <button type="button" className="panels-button" onClick={close}>
            {t('verify.close')}
          </button>
        </div>
      )}
    </section>
  );
}

/** A course step's second half: the fixed design opens and is checked within the same bounds. */
function FollowUpButton({ stores, state }: { readonly stores: Stores; readonly state: Done }) {
  const { t } = useTranslation();
  const next = state.followUp;
  if (!next) return null;
  const preset = findPreset(next.presetId);
  return (
    <button
      type="button"
      className="panels-button"
      onClick={() =>
        replaceNight(stores, t, next.title, () => {
          if (openPreset(stores, next.presetId))
            startVerify(stores, stores.documents.getState().document, state.bounds, null);
        })
      }
    >
      {t('verify.followUp', { title: preset ? presetTitle(t, preset) : next.title })}
    </button>
  );
}

/**
 * Whether the smallest failing night is another night than the one on screen: not when the
 * file's own night breaks with its own events kept, where it would open the same night again
 * (only its title and description changed; the answer already says so).
 */
function opensAnotherNight(state: Done): boolean {
  const { scenario, smallestFaultCount } = state.result.result;
  return scenario !== null && (smallestFaultCount !== 0 || state.bounds.fresh);
}

function openSmallest(stores: Stores, t: TFunction, state: Done): void {
  const { scenario } = state.result.result;
  if (scenario === null) return;
  const added = state.result.addedEventIndices;
  openFoundNight(
    stores,
    t,
    { scenario, addedEventIndices: added },
    {
      nightName: t('verify.nightName'),
      openedText: t('verify.opened', { count: added.length }),
      source: VERIFIED_NIGHT_SOURCE,
      panelDone: { checkEveryNight: { status: 'idle', bounds: state.bounds } },
    },
  );
}

function progressText(
  t: TFunction,
  language: string,
  progress: { readonly nightsChecked: number; readonly nightsTotal: number },
): string {
  if (progress.nightsTotal === 0) return t('verify.progressStarting');
  return t('verify.progress', {
    checked: countText(language, progress.nightsChecked),
    total: countText(language, progress.nightsTotal),
  });
}

function outcomeText(t: TFunction, language: string, state: CheckEveryNightState): string {
  switch (state.status) {
    case 'idle':
    case 'form':
    case 'running':
      return '';
    case 'cancelled':
      return t('verify.cancelled');
    case 'designChanged':
      return t(state.wasRunning ? 'verify.designChangedRunning' : 'verify.designChangedDone');
    case 'failed':
      return t('verify.failed', { message: state.message });
    case 'done':
      return answerText(t, language, state.bounds, state.result);
  }
}
