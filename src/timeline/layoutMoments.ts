/**
 * The key moments in words: each moment in view gets its sentence in the strip above the
 * lanes, in the row nearest the lanes that has room, beginning at its instant (or ending there
 * when the right has no room), with a guide down to the lane it happened on. Most important
 * first; a moment whose sentence fits nowhere tries its short form, then is left out. A guide
 * from an upper row passes behind the labels of the rows below (their paper backing hides it),
 * so no line runs through words and a guide never costs another moment its place. Pure.
 */
import type { KeyMoment } from '../sim/keyMoments';
import type { LaneGeometry, MomentLabel } from './geometry';
import { keyMomentSentence, keyMomentShort } from './keyMomentText';
import { type LabelBox, type LabelPlacer, textWidthPx } from './labelPlacement';
import type { LayoutContext } from './layoutContext';
import type { VerticalPlan } from './layoutLanes';

/** Room between a label's text and its box edge; the guide's width. */
const PAD_PX = 3;
const GUIDE_PX = 2;

export interface MomentAnchors {
  /** The lane a moment is drawn on, or null (the night as a whole). */
  laneOf(moment: KeyMoment): LaneGeometry | null;
  /** The y its guide ends at: a write's marker, or the middle of its lane. */
  anchorY(moment: KeyMoment, lane: LaneGeometry | null): number;
}

/**
 * Who gets room first: by priority, and among the moments that tell the story, the first write
 * of each outcome (the climax: "rejected as stale", "applied twice"), then a takeover, then the
 * wake-up; later writes of the same outcome after everything else of their priority.
 */
function storyRanks(moments: readonly KeyMoment[]): number[] {
  const seenOutcomes = new Set<string>();
  return moments.map((moment) => {
    let bonus = 0;
    if (moment.kind === 'write') {
      bonus = seenOutcomes.has(moment.outcome) ? -1 : 3;
      seenOutcomes.add(moment.outcome);
    } else if (moment.kind === 'grant' && (moment.mode === 'takeover' || moment.mode === 'overlap')) bonus = 2;
    else if (moment.kind === 'wake' && moment.belief === 'stillBelieves') bonus = 1;
    return moment.priority * 10 + bonus;
  });
}

/** Pure: the moment labels that found room, in moment order. */
export function layoutMoments(
  moments: readonly KeyMoment[],
  plan: VerticalPlan,
  fontPx: number,
  anchors: MomentAnchors,
  placer: LabelPlacer,
  context: LayoutContext,
): MomentLabel[] {
  if (plan.momentRows === 0) return [];
  const ranks = storyRanks(moments);
  const order = moments
    .map((moment, index) => ({ moment, index }))
    .filter(({ moment }) => context.visible(moment.atMs, moment.atMs))
    .sort((a, b) => (ranks[b.index] ?? 0) - (ranks[a.index] ?? 0) || a.index - b.index);
  const labels: MomentLabel[] = [];
  for (const { moment, index } of order) {
    const anchorX = context.x(moment.atMs);
    const sentence = keyMomentSentence(moment, context.describe);
    const placed =
      place(sentence, false) ?? (moment.priority >= 2 ? place(keyMomentShort(moment, context.describe), true) : null);
    if (placed === null) continue;
    const lane = anchors.laneOf(moment);
    labels.push({
      key: moment.key,
      momentIndex: index,
      atMs: moment.atMs,
      priority: moment.priority,
      laneId: lane?.id ?? null,
      anchorX,
      anchorY: anchors.anchorY(moment, lane),
      sentence,
      ...placed,
    });

    function place(text: string, shortened: boolean) {
      const width = textWidthPx(text, fontPx) + 2 * PAD_PX;
      const height = plan.momentRowPx - 2;
      // The row nearest the lanes first: the shortest guide.
      for (let row = plan.momentRows - 1; row >= 0; row--) {
        const y = plan.momentsTopY + row * plan.momentRowPx;
        for (const anchor of ['start', 'end'] as const) {
          const box: LabelBox = {
            x: anchor === 'start' ? anchorX - GUIDE_PX / 2 : anchorX + GUIDE_PX / 2 - width,
            y,
            width,
            height,
          };
          if (!placer.fits([box])) continue;
          placer.take([box]);
          return { box, anchor, text, shortened };
        }
      }
      return null;
    }
  }
  return labels.sort((a, b) => a.momentIndex - b.momentIndex);
}
