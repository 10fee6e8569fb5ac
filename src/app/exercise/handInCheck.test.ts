import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset, PRESETS } from '../../presets/catalogue';
import { ex03Night } from './ex03Night';
import { handInCheck } from './handInCheck';

/** The flagship's night made into an EX03 hand-in (as tests/grading/hand-ins/kim-ex03-then-preset.json). */
function flagshipHandIn(pauseFor: string): ScenarioDocument {
  const flagship = findPreset('s07-fencing-off')?.document as ScenarioDocument;
  const events = (flagship.events ?? []).map((event) => (event.type === 'pause' ? { ...event, for: pauseFor } : event));
  return { ...flagship, events, exercise: 'ex03', explanation: 'A paused past its lease; B took over; both wrote.' };
}

describe('handInCheck: what an instructor will see, before the file is saved', () => {
  it('the untouched exercise: 1 of 6 steps, no explanation, no name (grade: partial (1/6) [flagged: no explanation])', () => {
    const check = handInCheck(ex03Night(), '', PRESETS);
    expect(check).toEqual({
      done: 1,
      total: 6,
      warnings: [
        {
          kind: 'stepsMissing',
          done: 1,
          total: 6,
          missing: ['stalls', 'expires', 'takeover', 'resumesWrites', 'bothApplied'],
        },
        { kind: 'noExplanation' },
        { kind: 'noName' },
      ],
    });
  });

  it('the example picked into the exercise: identical to the built-in preset, first (grade flags it the same)', () => {
    const check = handInCheck(flagshipHandIn('6m'), 'Kim', PRESETS);
    expect(check.warnings[0]).toEqual({ kind: 'identicalToPreset', presetId: 's07-fencing-off' });
    expect(check.done).toBe(6);
  });

  it('a complete, explained, signed night of the student’s own: nothing to warn of', () => {
    expect(handInCheck(flagshipHandIn('6m30s'), 'Alice', PRESETS)).toEqual({ done: 6, total: 6, warnings: [] });
  });

  it('the name is the one about to be saved, not the one in the file', () => {
    const kinds = (name: string) => handInCheck(flagshipHandIn('6m30s'), name, PRESETS).warnings.map((w) => w.kind);
    expect(kinds('   ')).toEqual(['noName']);
  });
});
