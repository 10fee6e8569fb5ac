import { type DragEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_DRAG_MIME } from '../timeline/chartInput';

/** The events a learner can add, in the order the issue lists them. */
export const PALETTE_TYPES = ['pause', 'crash', 'restart', 'clockJump', 'delayWrite', 'expireLock', 'trigger'] as const;
export type PaletteEventType = (typeof PALETTE_TYPES)[number];

export { EVENT_DRAG_MIME };

// Decoration only (aria-hidden): the word beside it is what names the item.
const SYMBOL: Readonly<Record<PaletteEventType, string>> = {
  pause: '‖',
  crash: '✕',
  restart: '↻',
  clockJump: '⇥',
  delayWrite: '⇢',
  expireLock: '⊘',
  trigger: '▶',
};

interface PaletteProps {
  /** Add an event of this type; the page places it at the playhead on the selected lane. */
  readonly onAdd: (type: PaletteEventType) => void;
}

/**
 * The palette of events, one row under the chart. Each item is a real button (click, Enter or
 * Space adds it where it acts) and is also draggable onto a lane with HTML5 drag and drop,
 * carrying its type as `application/x-leaseline-event`.
 */
export function Palette({ onAdd }: PaletteProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const hintId = useId();
  const startDrag = (type: PaletteEventType) => (event: DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData(EVENT_DRAG_MIME, type);
    event.dataTransfer.effectAllowed = 'copy';
  };
  return (
    <section className="panels-palette" aria-labelledby={headingId}>
      {/* One row under the chart: the heading reads as the row's label, the hint beside it. */}
      <h2 id={headingId} className="panels-palette-heading">
        {t('panels.palette.heading')}
      </h2>
      <p id={hintId} className="panels-palette-hint">
        {t('panels.palette.hint')}
      </p>
      <ul className="panels-palette-items">
        {PALETTE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="panels-button panels-palette-item"
              draggable
              aria-describedby={hintId}
              onDragStart={startDrag(type)}
              onClick={() => onAdd(type)}
            >
              <span className="panels-palette-symbol" aria-hidden="true">
                {SYMBOL[type]}
              </span>
              {t(`panels.palette.items.${type}`)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
