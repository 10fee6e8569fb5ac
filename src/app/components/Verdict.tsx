import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ScenarioWarning } from '../../model/scenarioError';
import { spokenTimeOfNight } from '../../model/spokenTime';
import { modelProblemText } from '../i18n/modelErrorText';
import type { Night } from '../state/night';
import { type VerdictData, type VerdictWrite, verdictData } from '../verdictData';
import { KeyWarnings } from './KeyWarnings';

type Tone = 'safe' | 'unsafe' | 'neutral';

const toneMark: Record<Tone, string> = { safe: '✓', unsafe: '✗', neutral: '·' };

/**
 * The verdict sentence, in a live region so a screen reader announces it whenever the night
 * changes (a drag, the fencing switch, a preset). The region stays mounted and only its text
 * changes; it starts with `Safe` or `Unsafe`. The mark beside it repeats the tone as a shape.
 * Keys of the file that are not fields follow in the same box (`warnings`, none by default).
 */
export function Verdict({
  night,
  warnings = [],
}: {
  readonly night: Night;
  readonly warnings?: readonly ScenarioWarning[];
}) {
  const { t } = useTranslation();
  const data = night.kind === 'ok' ? verdictData(night.trace, night.scenario.job.kind) : null;
  const tone: Tone = data === null ? 'unsafe' : data.kind === 'safe' ? 'safe' : 'unsafe';
  return (
    <div className={`verdict verdict--${tone}`}>
      <span className="verdict-mark" aria-hidden="true">
        {toneMark[tone]}
      </span>
      <div role="status" className="verdict-text">
        {night.kind === 'ok' && data !== null ? <p>{sentence(t, data)}</p> : <Problem night={night} />}
      </div>
      <KeyWarnings warnings={warnings} />
    </div>
  );
}

function Problem({ night }: { readonly night: Night }) {
  const { t } = useTranslation();
  if (night.kind === 'failed') return <p>{t('verdict.failed', { message: night.message })}</p>;
  if (night.kind !== 'invalid') return null;
  return (
    <>
      <p>{t('verdict.invalid')}</p>
      <ul>
        {night.errors.map((error) => (
          <li key={`${error.path}:${error.message}`}>
            {t('verdict.invalidError', { path: error.path, message: modelProblemText(t, error) })}
          </li>
        ))}
      </ul>
    </>
  );
}

function writeText(t: TFunction, write: VerdictWrite): string {
  const time = spokenTimeOfNight(write.atMs);
  return write.token === null
    ? t('verdict.writeWithoutToken', { replica: write.replica, time })
    : t('verdict.writeWithToken', { replica: write.replica, token: write.token, time });
}

/** Pure apart from translation: the one sentence for a night. */
export function sentence(t: TFunction, data: VerdictData): string {
  switch (data.kind) {
    case 'safe': {
      // i18next's context: `safeOnce_outbox` etc., the job's own words; the reconciliation's by default.
      const context = data.job === 'reconcile' ? undefined : data.job;
      if (data.rejected) {
        const { replica, token, atMs } = data.rejected;
        return t('verdict.safeRejected', { context, replica, token: token ?? '-', time: spokenTimeOfNight(atMs) });
      }
      if (data.missed === null) return t('verdict.safeOnce', { context });
      return t('verdict.safeMissed', { context, count: data.missed.left, total: data.missed.total });
    }
    case 'staleAccepted':
      return t('verdict.staleAccepted', data);
    case 'doubleApplied': {
      const times = data.times === 2 ? t('verdict.twice') : t('verdict.times', { count: data.times });
      const writes = t('verdict.writesJoined', { writes: data.writes.map((write) => writeText(t, write)) });
      if (data.unit === 'email') return t('verdict.emailSent', { times, writes });
      if (data.unit === 'row') {
        return data.moreOrders === 0
          ? t('verdict.publishedTwice', { row: data.order, times, writes })
          : t('verdict.publishedTwiceMore', { row: data.order, times, writes, count: data.moreOrders });
      }
      return data.moreOrders === 0
        ? t('verdict.doubleApplied', { order: data.order, times, writes })
        : t('verdict.doubleAppliedMore', { order: data.order, times, writes, count: data.moreOrders });
    }
  }
}
