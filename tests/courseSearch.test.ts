/**
 * The course's search steps (courseMap.ts `search`) make a promise: "Find a failure" finds a
 * failing night on the unsafe design and none on the fixed one, with the app's own budget
 * and seed (app/search/searchRunner.ts: 5,000 nights, seed 1, the file's events not kept).
 * Both searches run here, once per distinct pair.
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import { COURSE_MAP } from '../src/presets/courseMap';
import { findFailure } from '../src/search/findFailure';

const APP_OPTIONS = { budget: 5000, seed: 1, fresh: true } as const;

const pairs = [
  ...new Map(
    COURSE_MAP.flatMap((item) => (item.search ? [item.search] : [])).map((step) => [
      `${step.unsafePresetId} -> ${step.fixedPresetId}`,
      step,
    ]),
  ).values(),
];

const documentOf = (presetId: string) => {
  const preset = findPreset(presetId);
  if (!preset) throw new Error(`no preset ${presetId}`);
  return preset.document as ScenarioDocument;
};

describe('course search steps', () => {
  it('are offered by EX06 and the quiz topics on Redis locks and fencing', () => {
    const withSearch = COURSE_MAP.filter((item) => item.search).map((item) => item.id);
    expect(withSearch).toEqual(['EX06', 'Q5', 'Q6', 'Q7', 'Q8']);
  });

  for (const step of pairs) {
    it(`finds a failure on ${step.unsafePresetId} and none on ${step.fixedPresetId}`, { timeout: 300_000 }, () => {
      const unsafe = findFailure(documentOf(step.unsafePresetId), APP_OPTIONS);
      expect(unsafe.found).toBe(true);
      const fixed = findFailure(documentOf(step.fixedPresetId), APP_OPTIONS);
      expect(fixed.found).toBe(false);
    });
  }
});
