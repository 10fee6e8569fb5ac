/**
 * fast-check arbitraries for hand-ins: whole scenario documents (the engine-level generator of
 * tests/arbitraries, so every kind of night appears) dressed as a student hands them in, with
 * an exercise, an explanation, a title and event labels full of what people type and what
 * attackers try (markup, quotes, bidi controls, control characters, emoji, lone surrogates),
 * and unknown keys that must survive untouched.
 */
import fc from 'fast-check';
import { EVENT_LABEL_CHARS_MAX } from '../../src/model/eventSchema';
import { EXPLANATION_CHARS_MAX } from '../../src/model/scenarioSchema';
import { scenarioArb } from '../arbitraries/scenarioArbitrary';

/** Pieces of text that break naive renderers, encoders and terminals. */
export const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&amp; &lt; "quoted" \'single\' `tick` \\ /',
  '\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D',
  'שלום عربى',
  '\u0000\u0007\u001B[31m\r\n\t\u007F\u0085',
  '😀👩‍💻🏳️‍🌈',
  'e\u0301\u200B\uFEFF',
  // "$" then "{x}": a template placeholder as a student might paste it.
  '$\u007Bx} {{x}} %s %n',
  '\uD800 \uDFFF',
] as const;

/** Text of at most `maxChars` code points mixing random Unicode and HOSTILE_TEXT. */
export function studentText(maxChars: number) {
  return fc
    .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 8 }), fc.constantFrom(...HOSTILE_TEXT)), { maxLength: 10 })
    .map((parts) => [...parts.join('')].slice(0, maxChars).join(''));
}

const unknownKeys = fc.dictionary(
  fc.string({ maxLength: 8 }).map((key) => `x-${key}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

/** A valid hand-in document: a generated night plus hand-in fields, labels and unknown keys. */
export const handInDocumentArb = scenarioArb().chain(({ document }) => {
  const events = document.events as Record<string, unknown>[];
  return fc
    .record({
      handIn: fc.record(
        {
          exercise: fc.constantFrom('ex03', 'ex04', 'lab-2.b'),
          explanation: studentText(EXPLANATION_CHARS_MAX),
          title: studentText(200),
          description: studentText(300),
        },
        { requiredKeys: [] },
      ),
      labels: fc.array(fc.option(studentText(EVENT_LABEL_CHARS_MAX), { nil: null }), {
        minLength: events.length,
        maxLength: events.length,
      }),
      unknown: unknownKeys,
    })
    .map(({ handIn, labels, unknown }) => ({
      ...document,
      ...handIn,
      events: events.map((event, index) => {
        const label = labels[index];
        return label === null || label === undefined ? event : { ...event, label };
      }),
      ...unknown,
    }));
});
