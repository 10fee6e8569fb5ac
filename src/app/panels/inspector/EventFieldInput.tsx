import { useTranslation } from 'react-i18next';
import { type Choice, SelectField } from '../fields/ChoiceFields';
import { DurationField, TimeField } from '../fields/TypedFields';
import type { EventFieldSpec } from './eventFields';

/** The event's fields as plain values, read loosely: a field the type lacks reads as ''. */
export type EventValues = Readonly<Record<string, unknown>>;

interface EventFieldInputProps {
  readonly spec: EventFieldSpec;
  readonly type: string;
  readonly values: EventValues;
  readonly replicaIds: readonly string[];
  readonly nodes: readonly string[];
  readonly orders: readonly number[];
  readonly onChange: (key: string, value: string | number) => void;
}

/** One typed field of the selected event: a select for references, a checked text field for the rest. */
export function EventFieldInput({ spec, type, values, replicaIds, nodes, orders, onChange }: EventFieldInputProps) {
  const { t } = useTranslation();
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  };
  const label = t(`panels.inspector.field.${spec.key}`);
  switch (spec.key) {
    case 'replica':
    case 'node': {
      const known = spec.key === 'replica' ? replicaIds : nodes;
      return (
        <SelectField
          label={label}
          value={text(spec.key)}
          choices={withCurrent(known, text(spec.key))}
          onChange={(value) => onChange(spec.key, value)}
        />
      );
    }
    case 'order':
      return (
        <SelectField
          label={label}
          value={text('order')}
          choices={withCurrent(orders.map(String), text('order'))}
          onChange={(value) => onChange('order', Number(value))}
        />
      );
    case 'at':
    case 'from':
      return <TimeField label={label} value={text(spec.key)} onCommit={(value) => onChange(spec.key, value)} />;
    case 'to':
      return <TimeField label={label} value={text('to')} after={text('from')} onCommit={(v) => onChange('to', v)} />;
    case 'for':
    case 'by':
      return (
        <DurationField
          label={spec.key === 'by' && type === 'clockJump' ? t('panels.inspector.field.jumpBy') : label}
          hint={t(`panels.inspector.hint.${spec.rule}`)}
          rule={spec.rule}
          value={text(spec.key)}
          onCommit={(value) => onChange(spec.key, value)}
        />
      );
  }
}

/** The known values as choices, plus the current one if the file names something unknown. */
function withCurrent(known: readonly string[], current: string): Choice<string>[] {
  const values = known.includes(current) || current === '' ? known : [...known, current];
  return values.map((value) => ({ value, label: value }));
}
