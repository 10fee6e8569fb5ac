import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PresetCheck } from '../engine';
import { type UnsafeReason, unsafeReasons } from '../verdict';

type Tone = 'safe' | 'unsafe' | 'neutral';

const toneMark: Record<Tone, string> = { safe: '✓', unsafe: '✗', neutral: '·' };

/**
 * The verdict sentence, in a live region so a screen reader announces it when the user picks
 * another preset. The region stays mounted and only its text changes; it starts with `Safe`
 * or `Unsafe` (people scanning the page and the browser suite both rely on that). The mark
 * beside it repeats the tone as a shape for those who cannot tell the colours apart.
 */
export function Verdict({ check }: { readonly check: PresetCheck | undefined }) {
  const { t } = useTranslation();
  const tone = verdictTone(check);
  return (
    <div className={`verdict verdict--${tone}`}>
      <span className="verdict-mark" aria-hidden="true">
        {toneMark[tone]}
      </span>
      <div role="status" className="verdict-text">
        <VerdictBody check={check} t={t} />
      </div>
    </div>
  );
}

function verdictTone(check: PresetCheck | undefined): Tone {
  if (check === undefined) return 'neutral';
  if (check.kind !== 'report') return 'unsafe';
  return check.report.safe ? 'safe' : 'unsafe';
}

function reasonText(t: TFunction, reason: UnsafeReason): string {
  if (reason.kind === 'staleAccepted') return t('verdict.staleAccepted', { message: reason.message });
  // Intl.ListFormat (i18next's `list` format) takes strings only.
  const orders = reason.orders.map(String);
  const count = orders.length;
  return reason.times === 2
    ? t('verdict.appliedTwice', { orders, count })
    : t('verdict.appliedTimes', { orders, count, times: reason.times });
}

function VerdictBody({ check, t }: { readonly check: PresetCheck | undefined; readonly t: TFunction }) {
  if (check === undefined) return <p>{t('verdict.missing')}</p>;
  if (check.kind === 'failed') return <p>{t('verdict.failed', { message: check.message })}</p>;
  if (check.kind === 'invalid') {
    return (
      <>
        <p>{t('verdict.invalid')}</p>
        <ul>
          {check.errors.map((error) => (
            <li key={`${error.path}:${error.message}`}>
              {t('verdict.invalidError', { path: error.path, message: error.message })}
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (check.report.safe) return <p>{t('verdict.safe')}</p>;
  const reasons = unsafeReasons(check.report).map((reason) => reasonText(t, reason));
  const joined = reasons.length === 0 ? t('verdict.unexplained') : reasons.join(t('verdict.reasonSeparator'));
  return <p>{t('verdict.unsafe', { reasons: joined })}</p>;
}
