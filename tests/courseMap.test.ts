/**
 * The course map is complete and honest: every item of docs/model.md §10 is on it with at least one
 * preset, every preset §10 names for an item (that exists) is among that item's, every item has
 * its text, and every preset it opens runs and ends the way its entry claims.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPreset, PRESETS } from '../src/presets/catalogue';
import { COURSE_ITEM_IDS, COURSE_MAP, type CourseItemId, findCourseItem } from '../src/presets/courseMap';
import { runPreset } from './runPreset';

/** docs/model.md §10, as written there: the scenarios each item names. */
const SECTION_10: Record<CourseItemId, readonly string[]> = {
  L1: ['S01', 'S16', 'S17', 'S18'],
  L2: ['S03', 'S12', 'S13', 'S14', 'S15'],
  L3: ['S02', 'S04', 'S05', 'S06', 'S10', 'S11', 'S19', 'S22'],
  L4: ['S07', 'S08', 'S09', 'S15', 'S20', 'S21'],
  L5: ['S02', 'S03', 'S07'],
  lab: ['S07', 'S09', 'S21'],
  EX01: ['S01', 'S16', 'S17', 'S18'],
  EX02: ['S12', 'S13', 'S14'],
  EX03: ['S07', 'S09'],
  EX04: ['S07', 'S21'],
  EX05: ['S03', 'S04', 'S05'],
  EX06: ['S10', 'S11'],
  Q1: ['S01'],
  Q2: ['S03'],
  Q3: ['S16'],
  Q4: ['S07', 'S09'],
  Q5: ['S07', 'S15'],
  Q6: ['S08'],
  Q7: ['S10', 'S11'],
  Q8: ['S07'],
  Q9: ['S02'],
  Q10: ['S04'],
};

const KIND_OF: Record<string, string> = { L: 'lesson', l: 'lab', E: 'exercise', Q: 'question' };

/** `s07-fencing-off` -> `S07`. */
function scenarioNumber(presetId: string): string {
  return presetId.slice(0, 3).toUpperCase();
}

const courseText = JSON.parse(readFileSync(join(import.meta.dirname, '../src/app/i18n/en.course.json'), 'utf8')) as {
  course: Record<string, Record<string, unknown>>;
};

describe('course map completeness', () => {
  it('lists every item of §10 once, in the module order, with its kind', () => {
    expect(COURSE_MAP.map((item) => item.id)).toEqual([...COURSE_ITEM_IDS]);
    expect(Object.keys(SECTION_10)).toEqual([...COURSE_ITEM_IDS]);
    for (const item of COURSE_MAP) expect(item.kind, item.id).toBe(KIND_OF[item.id[0] ?? '']);
  });

  it('gives every item at least one preset, each one that exists, none twice', () => {
    for (const item of COURSE_MAP) {
      expect(item.presets.length, item.id).toBeGreaterThan(0);
      const ids = item.presets.map((stop) => stop.presetId);
      expect(new Set(ids).size, item.id).toBe(ids.length);
      for (const id of ids) expect(findPreset(id), `${item.id} opens ${id}`).toBeDefined();
    }
  });

  it('uses, for each item, every scenario §10 names that has a preset', () => {
    const existing = new Set(PRESETS.map((preset) => scenarioNumber(preset.id)));
    for (const item of COURSE_MAP) {
      const used = new Set(item.presets.map((stop) => scenarioNumber(stop.presetId)));
      const missing = SECTION_10[item.id].filter((number) => existing.has(number) && !used.has(number));
      expect(missing, item.id).toEqual([]);
    }
  });

  it('opens every preset of the catalogue from some item', () => {
    const opened = new Set(COURSE_MAP.flatMap((item) => item.presets.map((stop) => stop.presetId)));
    const unused = PRESETS.map((preset) => preset.id).filter((id) => !opened.has(id));
    expect(unused).toEqual([]);
  });

  it("agrees with each preset's curriculum in the catalogue (what `leaseline presets` lists)", () => {
    const onMap = COURSE_MAP.flatMap((item) => item.presets.map((stop) => `${stop.presetId} ${item.id}`));
    const inCatalogue = PRESETS.flatMap((preset) => preset.curriculum.map((id) => `${preset.id} ${id}`));
    expect(new Set(onMap)).toEqual(new Set(inCatalogue));
  });

  it('has a title and an explanation for every item in en.course.json', () => {
    for (const id of COURSE_ITEM_IDS) {
      const text = courseText.course[id];
      expect(typeof text?.title, `course.${id}.title`).toBe('string');
      expect(typeof text?.explain, `course.${id}.explain`).toBe('string');
      expect(String(text?.explain).length, `course.${id}.explain`).toBeGreaterThan(40);
    }
  });

  it('finds an item by id', () => {
    expect(findCourseItem('Q6')?.presets.map((stop) => stop.presetId)).toEqual([
      's08-check-then-write',
      's08-check-then-write-fenced',
    ]);
  });
});

describe('every preset on the map ends the way its entry claims', () => {
  for (const item of COURSE_MAP) {
    for (const stop of item.presets) {
      it(`${item.id}: ${stop.presetId} is ${stop.outcome}`, () => {
        const { report } = runPreset(stop.presetId);
        expect(report.safe ? 'safe' : 'unsafe').toBe(stop.outcome);
        if (stop.invariant) {
          expect(report.violations.map((v) => v.invariant)).toContain(stop.invariant);
        }
        if (stop.write) {
          const { replica, order, result } = stop.write;
          const writes = report.writes.filter((w) => w.replica === replica && w.order === order);
          expect(
            writes.map((w) => w.result),
            `${replica}'s write of ${order}`,
          ).toContain(result);
        }
      });
    }
  }
});
