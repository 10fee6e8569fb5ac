import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { FaultKind } from '../../search/faultKinds';
import { VERIFY_MAX_FAULTS_MAX, type VerifyBounds } from '../../verify/verifyBounds';
import { countText } from '../search/searchWords';
import { spokenDuration } from '../violationText';
import { NIGHTS_SLOW, nightsWithin } from './nightsWithin';

/** The grid's choices: from a second (fine, slow) to five minutes (coarse, quick). */
const GRID_CHOICES_MS = [1000, 5000, 10_000, 30_000, 60_000, 120_000, 300_000];
/** 0, 1, ... the most faults verify takes in one night. */
const FAULT_COUNTS = Array.from({ length: VERIFY_MAX_FAULTS_MAX + 1 }, (_, count) => count);
/** The lengths offered: verify's defaults (10 s, 1, 5 and 10 min) and a few between. */
const DURATION_CHOICES_MS = [10_000, 30_000, 60_000, 120_000, 300_000, 600_000];

interface VerifyBoundsFormProps {
  /** The bounds the form starts from: the defaults, or the last ones checked. */
  readonly initial: VerifyBounds;
  /** The fault kinds that apply to the design on screen (search/faultKinds.ts), in their order. */
  readonly applicable: readonly FaultKind[];
  /** The night on screen: the form says how many nights the bounds cover on it. */
  readonly document: ScenarioDocument;
  readonly onCheck: (bounds: VerifyBounds) => void;
  /** Put beside Check (the panel's Close), so the form takes one row less. */
  readonly children?: ReactNode;
}

/** Choices plus any value of `given` that is not among them (the course's bounds, say), sorted. */
function withGiven(choices: readonly number[], given: readonly number[]): number[] {
  return [...new Set([...choices, ...given])].sort((a, b) => a - b);
}

/**
 * The bounds of a check, as `leaseline verify`'s flags (docs/verify.md): the fault kinds that
 * apply to this design, at most how many in a night, the grid of instants, the lengths, and
 * whether the file's own events are left out. Check is refused, with the reason beside it,
 * until at least one kind and one length are chosen.
 */
export function VerifyBoundsForm({ initial, applicable, document, onCheck, children }: VerifyBoundsFormProps) {
  const { t, i18n } = useTranslation();
  const [faults, setFaults] = useState<readonly FaultKind[]>(initial.faults.filter((f) => applicable.includes(f)));
  const [maxFaults, setMaxFaults] = useState(initial.maxFaults);
  const [gridMs, setGridMs] = useState(initial.gridMs);
  const [durationsMs, setDurationsMs] = useState<readonly number[]>(initial.durationsMs);
  const [fresh, setFresh] = useState(initial.fresh);
  const problemId = useId();
  const problem =
    faults.length === 0 ? t('verify.needFault') : durationsMs.length === 0 ? t('verify.needDuration') : '';
  const toggle = <T,>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] =>
    order.filter((item) => (item === value ? on : list.includes(item)));
  const durationChoices = withGiven(DURATION_CHOICES_MS, initial.durationsMs);
  const bounds = { ...initial, faults, maxFaults, gridMs, durationsMs, fresh };
  // What these bounds cost, before pressing Check: the progress bar's N.
  const nights = useMemo(
    () => nightsWithin(document, { ...initial, faults, maxFaults, gridMs, durationsMs, fresh }),
    [document, initial, faults, maxFaults, gridMs, durationsMs, fresh],
  );

  return (
    <form
      className="verify-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (problem !== '') return;
        onCheck(bounds);
      }}
    >
      <fieldset className="verify-choices">
        <legend>{t('verify.faults')}</legend>
        {applicable.map((fault) => (
          <label key={fault}>
            <input
              type="checkbox"
              checked={faults.includes(fault)}
              onChange={(event) => setFaults(toggle(faults, fault, event.target.checked, applicable))}
            />
            {t(`search.fault.${fault}`)}
          </label>
        ))}
      </fieldset>
      <label className="verify-field">
        {t('verify.maxFaults')}
        <select value={maxFaults} onChange={(event) => setMaxFaults(Number(event.target.value))}>
          {FAULT_COUNTS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <label className="verify-field">
        {t('verify.grid')}
        <select value={gridMs} onChange={(event) => setGridMs(Number(event.target.value))}>
          {withGiven(GRID_CHOICES_MS, [initial.gridMs]).map((ms) => (
            <option key={ms} value={ms}>
              {spokenDuration(t, ms)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="verify-choices">
        <legend>{t('verify.durations')}</legend>
        {durationChoices.map((ms) => (
          <label key={ms}>
            <input
              type="checkbox"
              checked={durationsMs.includes(ms)}
              onChange={(event) => setDurationsMs(toggle(durationsMs, ms, event.target.checked, durationChoices))}
            />
            {spokenDuration(t, ms)}
          </label>
        ))}
      </fieldset>
      <label className="verify-fresh">
        <input type="checkbox" checked={fresh} onChange={(event) => setFresh(event.target.checked)} />
        {t('verify.fresh')}
      </label>
      <div className="verify-submit">
        <button
          type="submit"
          className="panels-button verify-check"
          aria-disabled={problem !== ''}
          aria-describedby={problem === '' ? undefined : problemId}
        >
          {t('verify.check')}
        </button>
        {children}
        {problem === '' ? null : (
          <span id={problemId} className="verify-problem">
            {problem}
          </span>
        )}
        {problem === '' && nights !== null ? (
          <span className="verify-cost">
            {t('verify.nightsWithin', { count: nights, nights: countText(i18n.language, nights) })}
            {nights > NIGHTS_SLOW ? ` ${t('verify.slow')}` : ''}
          </span>
        ) : null}
      </div>
    </form>
  );
}
