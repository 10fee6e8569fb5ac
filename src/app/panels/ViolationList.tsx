import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfNightShort } from '../../model/timeOfNight';
import type { InvariantId } from '../../sim/trace';

export interface ViolationItem {
  readonly invariant: InvariantId;
  readonly atMs: number;
  /** The violation in words (already translated by the caller); shown as text. */
  readonly text: string;
}

interface ViolationListProps {
  readonly violations: readonly ViolationItem[];
  /** Move the playhead (and the view) to this instant. */
  readonly onJump: (atMs: number) => void;
}

// I3 and I4 make a night unsafe; the others are warnings (docs/scenario-format.md `safe`).
const UNSAFE: ReadonlySet<InvariantId> = new Set(['I3', 'I4']);

/** What went wrong, in time order as given, each with a button that jumps to its instant. */
export function ViolationList({ violations, onJump }: ViolationListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="panels-section panels-violations" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('panels.violations.heading')} <span className="count">({violations.length})</span>
      </h2>
      {violations.length === 0 ? (
        <p className="panels-empty">{t('panels.violations.empty')}</p>
      ) : (
        <ul className="panels-violation-list">
          {withKeys(violations).map(({ key, item }) => (
            <ViolationRow key={key} item={item} onJump={onJump} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ViolationRow({ item, onJump }: { readonly item: ViolationItem; readonly onJump: (atMs: number) => void }) {
  const { t } = useTranslation();
  const textId = useId();
  const time = formatTimeOfNightShort(item.atMs);
  const unsafe = UNSAFE.has(item.invariant);
  return (
    <li className={`panels-violation panels-violation--${unsafe ? 'unsafe' : 'warning'}`}>
      <span className="panels-violation-symbol" aria-hidden="true">
        {unsafe ? '✗' : '!'}
      </span>
      <p id={textId}>
        <strong>{t('panels.violations.name', { id: item.invariant, name: t(`invariant.${item.invariant}`) })}</strong>{' '}
        {t('panels.violations.line', {
          status: t(unsafe ? 'panels.violations.unsafe' : 'panels.violations.warning'),
          time,
          text: item.text,
        })}
      </p>
      <button type="button" className="panels-button" aria-describedby={textId} onClick={() => onJump(item.atMs)}>
        {t('panels.violations.jump', { time })}
      </button>
    </li>
  );
}

/** Stable keys from content; a repeat (legal: the same warning twice) is numbered. Pure. */
function withKeys(items: readonly ViolationItem[]) {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.invariant}@${item.atMs}:${item.text}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return { key: count === 0 ? base : `${base}#${count}`, item };
  });
}
