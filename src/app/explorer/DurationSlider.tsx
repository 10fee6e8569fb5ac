import { useId } from 'react';
import { formatDurationMs } from '../../model/duration';

interface DurationSliderProps {
  readonly label: string;
  readonly valueMs: number;
  readonly range: { readonly min: number; readonly max: number; readonly step: number };
  readonly onChange: (valueMs: number) => void;
}

/**
 * A native range input over a duration: arrows move it by a step, Page Up/Down by more, and it
 * announces its value as a duration ("4m30s"), as the file format writes it.
 */
export function DurationSlider({ label, valueMs, range, onChange }: DurationSliderProps) {
  const id = useId();
  const text = formatDurationMs(valueMs);
  return (
    <div className="explorer-slider">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={valueMs}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
      <output htmlFor={id}>{text}</output>
    </div>
  );
}
