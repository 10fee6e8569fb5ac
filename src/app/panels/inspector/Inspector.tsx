import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_LABEL_CHARS_MAX } from '../../../model/eventSchema';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { EventDocument } from '../../../model/scenarioSchema';
import { eventTitle } from '../eventText';
import { TextField } from '../fields/TextField';
import { textLengthProblem } from '../fields/validators';
import { EventFieldInput, type EventValues } from './EventFieldInput';
import { EVENT_FIELDS, NOT_SIMULATED_EVENTS } from './eventFields';

interface InspectorProps {
  /** The selected event, or null when nothing is selected. */
  readonly event: EventDocument | null;
  /** Its position in `events[]`. */
  readonly index: number | null;
  readonly replicaIds: readonly string[];
  /** The job's orders, for `pauseBeforeWrite` and `delayWrite`. */
  readonly orders: readonly number[];
  /** Clock owners for `clockJump`: the replica ids and `db`. */
  readonly nodes: readonly string[];
  readonly onEdits: (edits: ScenarioEdit[]) => void;
  readonly onDelete: (index: number) => void;
}

/**
 * Exact values for the selected event: the typed alternative to every drag. Each valid change
 * replaces the event whole (`setEvent`, one undo step); unknown keys of the event are kept.
 */
export function Inspector({ event, index, replicaIds, orders, nodes, onEdits, onDelete }: InspectorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (event === null || index === null) {
    return (
      <section className="panels-section panels-inspector" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('panels.inspector.heading')}</h2>
        <p className="panels-empty">{t('panels.inspector.empty')}</p>
      </section>
    );
  }
  const values = event as EventValues;
  const change = (key: string, value: string | number | undefined) => {
    const next: Record<string, unknown> = { ...values };
    if (value === undefined) delete next[key];
    else next[key] = value;
    // Only the field's own value changed, and it passed that field's check.
    onEdits([{ kind: 'setEvent', index, event: next as EventDocument }]);
  };
  const label = typeof values.label === 'string' ? values.label : '';
  return (
    // Keyed by position, so a half-typed draft never carries over to another event.
    <section key={index} className="panels-section panels-inspector" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('panels.inspector.headingFor', { title: eventTitle(t, event) })}</h2>
      {typeof values.id === 'string' ? (
        <p className="panels-hint">{t('panels.inspector.id', { id: values.id })}</p>
      ) : null}
      {NOT_SIMULATED_EVENTS.has(event.type) ? (
        <p className="panels-hint">{t('panels.inspector.notSimulated')}</p>
      ) : null}
      {EVENT_FIELDS[event.type].map((spec) => (
        <EventFieldInput
          key={spec.key}
          spec={spec}
          type={event.type}
          values={values}
          replicaIds={replicaIds}
          nodes={nodes}
          orders={orders}
          onChange={change}
        />
      ))}
      <TextField
        label={t('panels.inspector.field.label')}
        hint={t('panels.inspector.hint.label', { max: EVENT_LABEL_CHARS_MAX })}
        value={label}
        validate={(text) => textLengthProblem(text, EVENT_LABEL_CHARS_MAX)}
        onCommit={(text) => change('label', text === '' ? undefined : text)}
      />
      <button type="button" className="panels-button panels-button--danger" onClick={() => onDelete(index)}>
        {t('panels.inspector.delete')}
      </button>
    </section>
  );
}
