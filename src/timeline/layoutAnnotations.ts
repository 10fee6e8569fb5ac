/**
 * What went wrong, drawn over the lanes: zombie windows as shades across every lane, and in
 * the strip under the axis one mark per cluster of violations (I3 and I4 share 02:07:50.002 in
 * S07: one mark, count 2) with what happened in words beside it, the code as detail. Pure.
 */
import type { Trace, Violation } from '../sim/trace';
import type { Describe } from './describeDefaults';
import type { ViolationMarker, ZombieShade } from './geometry';
import { momentTime } from './keyMomentText';
import { type LabelBox, type LabelPlacer, textWidthPx } from './labelPlacement';
import type { LayoutContext } from './layoutContext';
import { formatTime } from './timeText';

/** Pure: a shade per zombie window that overlaps the viewport. */
export function layoutZombies(trace: Trace, topY: number, bottomY: number, context: LayoutContext): ZombieShade[] {
  const shades: ZombieShade[] = [];
  trace.zombieWindows.forEach((window, index) => {
    if (!context.visible(window.fromMs, window.toMs)) return;
    const x = context.clipX(window.fromMs);
    shades.push({
      key: `zombie:${index}`,
      laneId: '',
      fromMs: window.fromMs,
      toMs: window.toMs,
      x,
      width: Math.max(1, context.clipX(window.toMs) - x),
      y: topY,
      height: bottomY - topY,
      zombies: window.zombies,
      takers: window.takers,
      label: context.describe('zombie', {
        zombies: window.zombies.join(', '),
        takers: window.takers.join(', '),
        from: formatTime(window.fromMs),
        to: formatTime(window.toMs),
      }),
    });
  });
  return shades;
}

/** Markers closer than this are one mark with a count: they would overprint each other. */
const CLUSTER_PX = 14;
/** The triangle's extent around its centre. */
const MARK_HALF_WIDTH_PX = 6;
const MARK_TOP_PX = 5;
const MARK_BOTTOM_PX = 6;
/** Which word a group shows when it holds several kinds: the most serious first. */
const SEVERITY: readonly string[] = ['I3', 'I1', 'I4', 'I2', 'I5', 'I6', 'I7'];

/** Pure: what a violation is called in words, `applied twice`, `two holders`. */
export function violationWord(violation: Violation, describeText: Describe): string {
  const message = violation.message;
  if (message.key === 'appliedTimes') {
    return message.times === 2
      ? describeText(`violationWord.I3.twice.${message.unit}`, {})
      : describeText(`violationWord.I3.times.${message.unit}`, { count: message.times });
  }
  return describeText(`violationWord.${violation.invariant}`, {});
}

/** Pure: a mark per cluster of violations in view, with words where they fit. */
export function layoutViolations(
  trace: Trace,
  violationY: number,
  fontPx: number,
  placer: LabelPlacer,
  context: LayoutContext,
): ViolationMarker[] {
  const groups: { indices: number[]; x: number }[] = [];
  trace.violations.forEach((violation, index) => {
    if (!context.visible(violation.atMs, violation.atMs)) return;
    const x = context.x(violation.atMs);
    const last = groups[groups.length - 1];
    if (last && x - last.x < CLUSTER_PX) last.indices.push(index);
    else groups.push({ indices: [index], x });
  });
  const markers = groups.map((group) => {
    const violations = group.indices.map((index) => trace.violations[index] as Violation);
    const first = violations[0] as Violation;
    const invariants = [...new Set(violations.map((violation) => violation.invariant))];
    const markBox: LabelBox = {
      x: group.x - MARK_HALF_WIDTH_PX,
      y: violationY - MARK_TOP_PX,
      width: 2 * MARK_HALF_WIDTH_PX,
      height: MARK_TOP_PX + MARK_BOTTOM_PX,
    };
    placer.block(markBox);
    const items = violations.map((violation) =>
      context.describe('violationItem', {
        word: violationWord(violation, context.describe),
        invariant: violation.invariant,
      }),
    );
    return {
      group,
      violations,
      marker: {
        key: `violation:${group.indices[0]}`,
        index: group.indices[0] as number,
        indices: group.indices,
        invariant: first.invariant,
        invariants,
        count: violations.length,
        atMs: first.atMs,
        x: group.x,
        y: violationY,
        markBox,
        text: null as string | null,
        textBox: null as LabelBox | null,
        label: context.describe('violationGroup', {
          items: [...new Set(items)].join(', '),
          at: momentTime(first.atMs),
          count: violations.length,
        }),
      },
    };
  });
  // Words for the most serious groups first; the code alone where the words have no room.
  const rank = (invariant: string) => SEVERITY.indexOf(invariant);
  const ordered = [...markers].sort(
    (a, b) =>
      Math.min(...a.marker.invariants.map(rank)) - Math.min(...b.marker.invariants.map(rank)) || a.group.x - b.group.x,
  );
  const wordOf = (entry: (typeof markers)[number]) =>
    violationWord(
      [...entry.violations].sort((a, b) => rank(a.invariant) - rank(b.invariant))[0] as Violation,
      context.describe,
    );
  const placeText = (entry: (typeof markers)[number], text: string) => {
    const box: LabelBox = {
      x: entry.group.x + MARK_HALF_WIDTH_PX + 1,
      y: violationY - fontPx / 2,
      width: textWidthPx(text, fontPx) + 2,
      height: fontPx,
    };
    if (!placer.fits([box])) return;
    placer.take([box]);
    entry.marker.text = text;
    entry.marker.textBox = box;
  };
  // Words first, everywhere they fit; then the code alone, only where the mark's word is told
  // nowhere else on the chart: three "applied twice" marks 30 s apart (S07 at 1920 px) read
  // "▼ ▼ ▼ applied twice", not "I3·I4 I3·I4 applied twice" (the code is a detail, in the name).
  for (const entry of ordered) placeText(entry, wordOf(entry));
  const told = new Set(markers.flatMap((entry) => (entry.marker.text === null ? [] : [entry.marker.text])));
  for (const entry of ordered)
    if (entry.marker.text === null && !told.has(wordOf(entry))) placeText(entry, entry.marker.invariants.join('·'));
  return markers.map((entry) => entry.marker);
}
