import { useTranslation } from 'react-i18next';
import { Verdict } from '../components/Verdict';
import type { Night } from '../state/night';

/**
 * The verdict during a tour: the usual live region, or, while a prediction is pending (this
 * step's, or a later step's about the same night: `laterStep`, 1-based), the same region
 * saying that the verdict is hidden (so it does not give the answer away).
 */
export function StepVerdict({
  night,
  hidden,
  laterStep = null,
}: {
  readonly night: Night;
  readonly hidden: boolean;
  readonly laterStep?: number | null;
}) {
  const { t } = useTranslation();
  if (!hidden) return <Verdict night={night} />;
  return (
    <div className="verdict verdict--neutral">
      <span className="verdict-mark" aria-hidden="true">
        ?
      </span>
      <div role="status" className="verdict-text">
        <p>
          {laterStep === null
            ? t('lessons.player.verdictHidden')
            : t('lessons.player.verdictHiddenLater', { n: laterStep })}
        </p>
      </div>
    </div>
  );
}
