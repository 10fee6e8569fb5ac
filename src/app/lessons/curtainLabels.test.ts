/**
 * The chart's words and a lesson's curtain: on every step that asks a question, no label runs
 * under the curtain (it is drawn over the words, which would read "A wa" for "A wakes ...") or
 * sits wholly behind it; the one exception is the masked write's own name, drawn above it.
 * Checked on the step's own night at three plot widths and at the playground's and the
 * projector's type sizes.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../../model/loadScenario';
import { LESSONS } from '../../presets/lessons';
import { keyMoments } from '../../sim/readings/keyMoments';
import { simulate } from '../../sim/simulate';
import type { TimelineGeometry } from '../../timeline/geometry';
import { curtainLeftPx } from '../../timeline/highlight';
import type { LabelBox } from '../../timeline/labelPlacement';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { subjectWrite } from './measure';
import { stepDocument } from './stepDocument';
import { mustParseTimeOfNight } from './timeText';

const WIDTHS_PX = [560, 1150, 1790] as const;
const FONTS_PX = [11, 13] as const;

function stepChart(lessonId: string, stepId: string, widthPx: number, labelFontPx: number) {
  const step = LESSONS.find((lesson) => lesson.id === lessonId)?.steps.find((candidate) => candidate.id === stepId);
  if (!step?.prediction) throw new Error(`${lessonId} ${stepId} asks nothing`);
  const document = stepDocument(step);
  const loaded = loadScenarioValue(document, 'step.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  const trace = simulate(loaded.scenario);
  const { scenario } = loaded;
  const fromMs = step.range ? mustParseTimeOfNight(step.range.from) : scenario.windowFromMs;
  const toMs = step.range ? mustParseTimeOfNight(step.range.to) : scenario.windowToMs;
  const subject = subjectWrite(trace, step.prediction);
  const highlight = {
    curtainFromMs: mustParseTimeOfNight(step.prediction.hideFrom),
    maskedWriteIds: subject ? [subject.writeId] : [],
  };
  const geometry = layoutTimeline({
    trace,
    scenario,
    events: document.events ?? [],
    viewport: { fromMs, toMs, widthPx },
    keyMoments: keyMoments(trace, scenario),
    labelFontPx,
    highlight,
  });
  return { geometry, highlight };
}

/** Every label on the chart but the masked write's, which is drawn above the curtain. */
function labelsLeftOfCurtain(geometry: TimelineGeometry, maskedWriteIds: readonly number[]) {
  const boxes: { name: string; box: LabelBox }[] = [];
  for (const label of geometry.momentLabels) boxes.push({ name: `moment "${label.text}"`, box: label.box });
  for (const marker of geometry.violations)
    if (marker.textBox) boxes.push({ name: `violation "${marker.text}"`, box: marker.textBox });
  for (const write of geometry.writes)
    if (write.labelBox && !maskedWriteIds.includes(write.writeId))
      boxes.push({ name: `write "${write.label}"`, box: write.labelBox });
  // The storage lane's `last_token` values, at the width of their monospace characters.
  const fenceFontPx = geometry.fenceLabelFontPx;
  for (const label of geometry.fenceLabels)
    boxes.push({
      name: `fence "${label.text}"`,
      box: { x: label.x, y: label.y - fenceFontPx, width: label.text.length * 0.6 * fenceFontPx, height: fenceFontPx },
    });
  return boxes;
}

describe("labels and a lesson's curtain", () => {
  for (const lesson of LESSONS) {
    for (const step of lesson.steps) {
      if (!step.prediction) continue;
      it(`${lesson.id} ${step.id}: every label ends left of the curtain`, () => {
        const crossing: string[] = [];
        for (const widthPx of WIDTHS_PX) {
          for (const fontPx of FONTS_PX) {
            const { geometry, highlight } = stepChart(lesson.id, step.id, widthPx, fontPx);
            const curtainX = curtainLeftPx(geometry.viewport, highlight.curtainFromMs);
            if (curtainX === null) throw new Error('no curtain');
            for (const { name, box } of labelsLeftOfCurtain(geometry, highlight.maskedWriteIds))
              if (box.x + box.width > curtainX) crossing.push(`${name} at ${widthPx} px, ${fontPx} px type`);
          }
        }
        expect(crossing).toEqual([]);
      });
    }
  }

  it('lesson 5 step 5: the wake-up before the curtain is shortened or left out, never cut', () => {
    const { geometry, highlight } = stepChart('l5', 's5', 1242, 11);
    const curtainX = curtainLeftPx(geometry.viewport, highlight.curtainFromMs) ?? 0;
    const wake = geometry.momentLabels.find((label) => label.sentence.startsWith('A wakes'));
    if (wake) expect(wake.box.x + wake.box.width).toBeLessThanOrEqual(curtainX);
    // The story before the curtain still reads: the takeover keeps its words.
    expect(geometry.momentLabels.map((label) => label.text)).toContain('B takes over with token 8');
    // The masked write keeps its name above the curtain; the writes behind it have none.
    const named = geometry.writes.filter((write) => write.label !== null && write.atMs >= highlight.curtainFromMs);
    expect(named.map((write) => write.writeId)).toEqual(highlight.maskedWriteIds);
  });
});
