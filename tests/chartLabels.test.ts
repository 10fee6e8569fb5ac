/**
 * The chart's words on every preset: the label-placement pass leaves no two label boxes
 * intersecting, and no label over a mark, at three widths; and the flagship's labels at two
 * sizes are golden geometry (a mismatch writes `*.changed.json` beside the golden for review,
 * as the golden traces do; LEASELINE_UPDATE_GOLDEN=1 accepts).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/presets/catalogue';
import { keyMoments } from '../src/sim/readings/keyMoments';
import type { TimelineGeometry } from '../src/timeline/geometry';
import { boxesIntersect, type LabelBox } from '../src/timeline/labelPlacement';
import { layoutTimeline } from '../src/timeline/layoutTimeline';
import { writeMarkBox } from '../src/timeline/layoutWriteLabels';
import { windowViewport } from '../src/timeline/viewport';
import { runPreset } from './runPreset';

const GOLDEN_DIR = join(import.meta.dirname, 'golden');
const update = process.env.LEASELINE_UPDATE_GOLDEN === '1';
/** Plot widths of a narrow window, a 1280 px and a 1920 px one. */
const WIDTHS_PX = [560, 1150, 1790] as const;

function chart(id: string, widthPx: number, labelFontPx?: number): TimelineGeometry {
  const { trace, scenario } = runPreset(id);
  return layoutTimeline({
    trace,
    scenario,
    events: [],
    viewport: windowViewport(scenario.windowFromMs, scenario.windowToMs, widthPx),
    keyMoments: keyMoments(trace, scenario),
    labelFontPx,
  });
}

interface Named {
  readonly name: string;
  readonly box: LabelBox;
}

function labelBoxes(geometry: TimelineGeometry): Named[] {
  const boxes: Named[] = [];
  for (const label of geometry.momentLabels) boxes.push({ name: `moment "${label.text}"`, box: label.box });
  for (const marker of geometry.violations)
    if (marker.textBox) boxes.push({ name: `violation "${marker.text}"`, box: marker.textBox });
  for (const write of geometry.writes)
    if (write.labelBox) boxes.push({ name: `write "${write.label}"`, box: write.labelBox });
  return boxes;
}

function markBoxes(geometry: TimelineGeometry): Named[] {
  return [
    ...geometry.violations.map((marker) => ({ name: `violation mark ${marker.key}`, box: marker.markBox })),
    ...geometry.writes.map((write) => ({ name: `write mark ${write.key}`, box: writeMarkBox(write) })),
  ];
}

describe('chart labels', () => {
  for (const preset of PRESETS) {
    it(`${preset.id}: no two labels intersect, and none covers a mark, at three widths`, () => {
      for (const widthPx of WIDTHS_PX) {
        const geometry = chart(preset.id, widthPx);
        const labels = labelBoxes(geometry);
        const clashes: string[] = [];
        labels.forEach((a, index) => {
          for (const b of labels.slice(index + 1))
            if (boxesIntersect(a.box, b.box)) clashes.push(`${a.name} / ${b.name}`);
          for (const mark of markBoxes(geometry))
            if (boxesIntersect(a.box, mark.box)) clashes.push(`${a.name} / ${mark.name}`);
          if (a.box.x < 0 || a.box.x + a.box.width > widthPx) clashes.push(`${a.name} outside the plot`);
        });
        expect(clashes, `at ${widthPx} px`).toEqual([]);
      }
    });
  }

  it('keeps the most important moments as the chart narrows, shortening before hiding', () => {
    const wide = chart('s07-fencing-off', 1790);
    const narrow = chart('s07-fencing-off', 560);
    expect(wide.momentLabels.length).toBeGreaterThanOrEqual(narrow.momentLabels.length);
    // The takeover is told at every width.
    for (const geometry of [wide, narrow])
      expect(geometry.momentLabels.some((label) => label.key === 'grant:B:0')).toBe(true);
    expect(narrow.momentLabels.some((label) => label.shortened)).toBe(true);
  });

  // Plot widths and type of presentation at 1280 px (13 px type at 1.4 times), the playground
  // at 1280 and at 1920 px.
  for (const [widthPx, fontPx] of [
    [740, 13],
    [1150, 11],
    [1790, 11],
  ] as const) {
    it(`S10's failover is told at ${widthPx} px, with the grant and the takeover beside it`, () => {
      for (const id of ['s10-redis-failover', 's10-redis-failover-db-token', 's10-redis-failover-unique-key']) {
        const texts = chart(id, widthPx, fontPx).momentLabels.map((label) => label.text);
        // The primary's death and the promotion 5 s later are a few pixels apart: one label.
        expect(
          texts.filter((text) => text.startsWith('The Redis primary dies') || text.startsWith('Redis failover')),
          id,
        ).toHaveLength(1);
        // The database's token source gives B 8; Redis's INCR on the promoted replica gives 7 again.
        const token = id.endsWith('db-token') ? 8 : 7;
        expect(texts, id).toContain(`B takes over with token ${token}`);
        expect(texts.some((text) => text.startsWith('A acquires') || text === 'A · 7')).toBe(true);
      }
    });
  }

  it('tells a failover as two moments when the view is zoomed in far enough to place them apart', () => {
    const { trace, scenario } = runPreset('s10-redis-failover');
    const geometry = layoutTimeline({
      trace,
      scenario,
      events: [],
      viewport: { fromMs: scenario.windowFromMs, toMs: scenario.windowFromMs + 20_000, widthPx: 1150 },
      keyMoments: keyMoments(trace, scenario),
    });
    const texts = geometry.momentLabels.map((label) => label.text);
    expect(texts).toContain('The Redis primary dies at 02:00:00.500');
    expect(texts).toContain("The replica becomes the primary without A's key: the lock is free");
  });

  it('places for the font size it is given: larger type, taller strip, fewer or shorter labels', () => {
    const small = chart('s07-fencing-off', 1150, 11);
    const large = chart('s07-fencing-off', 1150, 18);
    expect(large.lanesTopY).toBeGreaterThan(small.lanesTopY);
    const width = (geometry: TimelineGeometry) =>
      geometry.momentLabels.find((l) => l.key === 'grant:A:0')?.box.width ?? 0;
    expect(width(large)).toBeGreaterThan(width(small));
  });

  for (const widthPx of [1150, 1790]) {
    it(`the flagship's words at ${widthPx} px match their golden geometry`, () => {
      const geometry = chart('s07-fencing-off', widthPx);
      const r = (value: number) => (Math.round(value * 10) / 10).toFixed(1);
      const box = (b: LabelBox) => `${r(b.x)},${r(b.y)} ${r(b.width)}x${r(b.height)}`;
      const lines = [
        `lanes from y ${geometry.lanesTopY}`,
        ...geometry.momentLabels.map(
          (label) => `moment   ${box(label.box)} ${label.anchor.padEnd(5)} ${label.laneId ?? '-'}  ${label.text}`,
        ),
        ...geometry.violations.map(
          (marker) => `mark     x ${r(marker.x)} count ${marker.count}  ${marker.text ?? '(no words: no room)'}`,
        ),
        ...geometry.writes.map(
          (write) => `write    ${write.labelBox ? box(write.labelBox) : '(no label)'}  ${write.label ?? ''}`,
        ),
        ...geometry.writeArrows.map(
          (arrow) => `arrow    ${r(arrow.x0)},${r(arrow.y0)} -> ${r(arrow.x1)},${r(arrow.y1)}  ${arrow.result}`,
        ),
      ];
      compareGolden(`s07-fencing-off.labels-${widthPx}`, 'txt', `${lines.join('\n')}\n`);
    });
  }
});

function compareGolden(name: string, extension: string, actual: string): void {
  const goldenPath = join(GOLDEN_DIR, `${name}.${extension}`);
  const changedPath = join(GOLDEN_DIR, `${name}.changed.${extension}`);
  if (update || !existsSync(goldenPath)) writeFileSync(goldenPath, actual);
  const expected = readFileSync(goldenPath, 'utf8');
  if (expected === actual) {
    rmSync(changedPath, { force: true });
    return;
  }
  writeFileSync(changedPath, actual);
  expect.fail(`${name}.${extension} differs from its golden; review ${changedPath}`);
}
