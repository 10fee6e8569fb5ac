import type { DurationRule } from '../../../model/fieldSchemas';
import { TextField } from './TextField';
import { durationProblem, timeBeforeProblem, timeProblem, wholeNumberProblem } from './validators';

interface DurationFieldProps {
  readonly label: string;
  readonly value: string;
  readonly rule: DurationRule;
  readonly onCommit: (text: string) => void;
  readonly hint?: string;
  /** Empty text is allowed and committed as `''` (the caller removes the key). */
  readonly optional?: boolean;
}

/** A duration (`"90s"`, `"PT5M"`) checked by `parseDurationMs` and its field's sign rule. */
export function DurationField({ label, value, rule, onCommit, hint, optional = false }: DurationFieldProps) {
  const validate = (text: string) => (optional && text === '' ? null : durationProblem(text, rule));
  return <TextField label={label} value={value} validate={validate} onCommit={onCommit} hint={hint} />;
}

interface TimeFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onCommit: (text: string) => void;
  /** The value must come later than this time of night (an end after its start). */
  readonly after?: string;
  /** The value must come earlier than this time of night (a start before its end). */
  readonly before?: string;
  readonly hint?: string;
}

/** A time of night (`"02:01:30"`), optionally ordered against another. */
export function TimeField({ label, value, onCommit, after, before, hint }: TimeFieldProps) {
  const validate = (text: string) =>
    before === undefined ? timeProblem(text, after) : timeBeforeProblem(text, before);
  return <TextField label={label} value={value} validate={validate} onCommit={onCommit} hint={hint} />;
}

interface WholeNumberFieldProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onCommit: (value: number) => void;
  readonly hint?: string;
}

/** A whole number within bounds, typed as text (so a half-typed "-" is a draft, not a NaN). */
export function WholeNumberField({ label, value, min, max, onCommit, hint }: WholeNumberFieldProps) {
  return (
    <TextField
      label={label}
      value={String(value)}
      inputMode="numeric"
      validate={(text) => wholeNumberProblem(text, min, max)}
      onCommit={(text) => onCommit(Number(text))}
      hint={hint}
    />
  );
}
