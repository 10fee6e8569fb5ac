/**
 * The course's "Check every night" steps (courseMap.ts `verify`) make a promise in the map's
 * words: within the step's bounds the unsafe design's smallest failing night has so many
 * faults, and the fixed design holds in so many nights. Both checks run here, as the app's
 * worker runs them (verify stops at the smallest failing count).
 */
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { findPreset } from '../src/presets/catalogue';
import { COURSE_MAP } from '../src/presets/courseMap';
import { verifyDesign } from '../src/verify/verifyDesign';

const documentOf = (presetId: string) => {
  const preset = findPreset(presetId);
  if (!preset) throw new Error(`no preset ${presetId}`);
  return preset.document as ScenarioDocument;
};

const steps = [...new Set(COURSE_MAP.flatMap((item) => (item.verify ? [item.verify] : [])))];

describe('course Check every night steps', () => {
  it('end lesson 4 and exercise 6', () => {
    expect(COURSE_MAP.filter((item) => item.verify).map((item) => item.id)).toEqual(['L4', 'EX06']);
  });

  for (const step of steps) {
    it(`${step.unsafePresetId} is unsafe and ${step.fixedPresetId} safe, as the map says`, { timeout: 300_000 }, () => {
      const options = { ...step.bounds, countAll: false };
      const unsafe = verifyDesign(documentOf(step.unsafePresetId), options);
      expect(unsafe.verdict).toBe('unsafe');
      expect(unsafe.smallestFaultCount).toBe(step.unsafeFaults);
      const fixed = verifyDesign(documentOf(step.fixedPresetId), options);
      expect(fixed.verdict).toBe('safe');
      expect(fixed.nightsCovered).toBe(step.fixedNights);
    });
  }
});
