/**
 * The sentences under "Measured on PostgreSQL": where the measured and the simulated night
 * agree (the tokens granted, the orders applied twice, the stale writes turned away) and
 * where they differ, then the two verdicts. Pure apart from the translation function.
 */
import type { TFunction } from 'i18next';
import type { ComparedFact, NightComparison } from '../../sim/readings/compareMeasured';
import { joinedList, wordList } from '../i18n/listText';

const listOf = (t: TFunction, values: readonly (number | null)[]): string =>
  values.length === 0
    ? t('measured.none')
    : joinedList(
        t,
        values.map((value) => (value === null ? t('measured.noToken') : String(value))),
      );

export function agreementSentences(t: TFunction, comparison: NightComparison): string[] {
  const facts: { name: string; fact: ComparedFact<unknown>; show: (value: never) => string }[] = [
    {
      name: t('measured.fact.tokens'),
      fact: comparison.tokens,
      show: (value: readonly (number | null)[]) => listOf(t, value),
    },
    { name: t('measured.fact.twice'), fact: comparison.twice, show: (value: readonly number[]) => listOf(t, value) },
    { name: t('measured.fact.stale'), fact: comparison.stale, show: (value: number) => String(value) },
  ];
  const agree = facts
    .filter(({ fact }) => fact.same)
    .map(({ name, fact, show }) => t('measured.agreeItem', { name, value: show(fact.measured as never) }));
  const differ = facts
    .filter(({ fact }) => !fact.same)
    .map(({ name, fact, show }) =>
      t('measured.differItem', {
        name,
        measured: show(fact.measured as never),
        simulated: show(fact.simulated as never),
      }),
    );
  const join = (items: readonly string[]) => wordList(t, items);
  const first =
    differ.length === 0
      ? t('measured.agreeAll', { items: join(agree) })
      : agree.length === 0
        ? t('measured.differAll', { items: join(differ) })
        : t('measured.agreeAndDiffer', { agree: join(agree), differ: join(differ) });
  const verdict = (safe: boolean) => t(safe ? 'measured.safe' : 'measured.unsafe');
  if (comparison.measuredTest !== 'tested') {
    // No Safe without the test: a night that missed a step of it, or paused nothing, is no verdict.
    const simulated = verdict(comparison.safe.simulated);
    return [first, t(`measured.notTested.${comparison.measuredTest}`, { simulated })];
  }
  const second = comparison.safe.same
    ? t('measured.verdictSame', { verdict: verdict(comparison.safe.measured) })
    : t('measured.verdictDiffer', {
        measured: verdict(comparison.safe.measured),
        simulated: verdict(comparison.safe.simulated),
      });
  return [first, second];
}
