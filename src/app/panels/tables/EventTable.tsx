import { useTranslation } from 'react-i18next';
import type { EventDocument } from '../../../model/scenarioSchema';
import { type Column, DataTable } from '../../components/DataTable';
import { eventLength, eventTitle, eventWhen } from '../eventText';

interface EventTableProps {
  readonly events: readonly EventDocument[];
  readonly selectedIndex: number | null;
  readonly onSelect: (index: number) => void;
}

interface Row {
  readonly index: number;
  readonly event: EventDocument;
}

/**
 * The events of the night as a text table beside the chart (for screen readers, and for
 * anyone who wants the exact values). Each event's name is a toggle button that selects it;
 * the selected one is pressed and marked.
 */
export function EventTable({ events, selectedIndex, onSelect }: EventTableProps) {
  const { t } = useTranslation();
  const columns: readonly Column<Row>[] = [
    {
      header: t('panels.events.col.event'),
      cell: ({ index, event }) => (
        <button
          type="button"
          className="panels-link-button"
          aria-pressed={index === selectedIndex}
          onClick={() => onSelect(index)}
        >
          {index === selectedIndex ? <span aria-hidden="true">▸ </span> : null}
          {eventTitle(t, event)}
        </button>
      ),
    },
    { header: t('panels.events.col.when'), cell: ({ event }) => eventWhen(t, event) },
    { header: t('panels.events.col.length'), cell: ({ event }) => eventLength(t, event) },
    { header: t('panels.events.col.label'), cell: ({ event }) => (typeof event.label === 'string' ? event.label : '') },
  ];
  return (
    <DataTable
      id="panels-events"
      title={t('panels.events.title')}
      caption={t('panels.events.caption')}
      empty={t('panels.events.empty')}
      columns={columns}
      rows={events.map((event, index) => ({ index, event }))}
      rowKey={({ index }) => String(index)}
      rowClassName={({ index }) => (index === selectedIndex ? 'panels-row--selected' : undefined)}
    />
  );
}
