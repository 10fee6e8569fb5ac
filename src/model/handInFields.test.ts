/**
 * The hand-in fields `explanation` and `exercise`, and what a student may type into them and
 * into event labels: any Unicode within the limits, kept exactly (docs/scenario-format.md).
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioText, loadScenarioValue } from './loadScenario';
import { formatScenarioError } from './scenarioError';
import { EXPLANATION_CHARS_MAX } from './scenarioSchema';
import { serializeScenario } from './serializeScenario';

const scenario = (fields: Record<string, unknown>) => ({ format: 'leaseline/scenario', version: 1, ...fields });

function errorsOf(value: unknown): string[] {
  const result = loadScenarioValue(value, 'hand-in.json');
  return result.ok ? [] : result.errors.map(formatScenarioError);
}

/** Right-to-left override, isolates, marks: what "Trojan source" text is made of. */
const BIDI_CONTROLS = '\u202E\u2066\u2067\u2068\u2069\u200F\u200E\u061C\u202A\u202B\u202C\u202D';

describe('explanation', () => {
  it('accepts up to 5000 characters, counted as a person counts them (an emoji is one)', () => {
    const atLimit = '😀'.repeat(EXPLANATION_CHARS_MAX);
    expect(errorsOf(scenario({ explanation: atLimit }))).toEqual([]);
    expect(errorsOf(scenario({ explanation: `${atLimit}x` }))).toEqual([
      'hand-in.json: explanation: 5001 characters; an explanation has at most 5000',
    ]);
  });

  it('refuses what is not text', () => {
    expect(errorsOf(scenario({ explanation: ['A stalls'] }))).toEqual([
      'hand-in.json: explanation: a list is not an explanation; write e.g. "A pauses while holding the lock..."',
    ]);
  });
});

describe('exercise', () => {
  it('accepts an exercise id and refuses anything else', () => {
    expect(errorsOf(scenario({ exercise: 'ex03' }))).toEqual([]);
    expect(errorsOf(scenario({ exercise: 'ex 03', title: 'x' }))).toEqual([
      'hand-in.json: exercise: "ex 03" is not an exercise id; use 1-40 letters, digits, ".", "_" or "-"',
    ]);
    expect(errorsOf(scenario({ exercise: 3 }))).toEqual([
      'hand-in.json: exercise: 3 is not an exercise id; write e.g. "ex03"',
    ]);
    expect(errorsOf(scenario({ exercise: '' }))).toHaveLength(1);
  });
});

describe('what a student types is data, kept exactly', () => {
  const typed = [
    `<img src=x onerror="alert(1)"> & <b>bold</b> {{constructor}} \${x}`,
    `access${BIDI_CONTROLS}level = "user"`,
    'שלום\u200F (A) עצר',
    'e\u0301 \u0000 \t\r\n \uFEFF zero\u200Bwidth',
  ];

  it.each(typed)('keeps %j in labels and the explanation through load and save', (text) => {
    const label = [...text].slice(0, 120).join('');
    const document = scenario({
      exercise: 'ex03',
      explanation: text,
      events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label }],
    });
    const fileText = `${JSON.stringify(document, null, 2)}\n`;
    const loaded = loadScenarioText(fileText, 'hand-in.json');
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.document.explanation).toBe(text);
    expect(loaded.document.events?.[0]?.label).toBe(label);
    expect(serializeScenario(loaded.document)).toBe(fileText);
  });

  it('does not let the explanation change the night', () => {
    const plain = loadScenarioValue(scenario({}), 'a.json');
    const answered = loadScenarioValue(scenario({ explanation: 'A stalls', exercise: 'ex03' }), 'b.json');
    expect(plain.ok && answered.ok && answered.scenario).toEqual(plain.ok && plain.scenario);
  });
});
