import { useId } from 'react';
import type { HandInFieldSpec } from './handInFields';

interface AnswerFieldProps {
  readonly spec: HandInFieldSpec;
  readonly label: string;
  readonly hint?: string;
  readonly value: string;
  /** The loader's problems with this field, in words; empty when none. */
  readonly problems: readonly string[];
  readonly onChange: (value: string) => void;
}

/**
 * One answer field of a hand-in dialog: a line, a paragraph or monospace code, its problems
 * beside it (described-by, so a screen reader reads them with the field, and aria-invalid).
 * What the student typed is only ever a value, never markup.
 */
export function AnswerField({ spec, label, hint, value, problems, onChange }: AnswerFieldProps) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  const describedBy = [hint ? hintId : null, problems.length > 0 ? problemId : null].filter(Boolean).join(' ');
  const common = {
    id,
    value,
    'aria-invalid': problems.length > 0,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    'data-field': spec.key,
  };
  return (
    <div className={`hand-in-field hand-in-field-${spec.kind}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="panels-hint">
          {hint}
        </p>
      ) : null}
      {spec.kind === 'line' ? (
        <input {...common} type="text" spellCheck={false} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <textarea
          {...common}
          rows={spec.kind === 'code' ? 4 : 3}
          spellCheck={spec.kind !== 'code'}
          dir={spec.kind === 'code' ? 'ltr' : 'auto'}
          className={spec.kind === 'code' ? 'hand-in-code' : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
      {problems.length > 0 ? (
        <ul id={problemId} className="hand-in-problems">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
