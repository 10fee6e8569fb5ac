/**
 * The key moments in words: each moment in view gets its sentence in the strip above the
 * lanes, in the row nearest the lanes that has room, beginning at its instant (or ending there
 * when the right has no room), with a guide down to the lane it happened on. Most important
 * first; a moment whose sentence fits nowhere tries its short form, then is left out. A guide
 * from an upper row passes behind the labels of the rows below (their paper backing hides it),
 * so no line runs through words and a guide never costs another moment its place. A Redis
 * failover whose two moments stand too close to be labelled apart is one label, and so are
 * writes of one outcome as close together. Pure.
 */
import type { KeyMoment } from '../sim/readings/keyMoments';
import type { LaneGeometry, MomentLabel } from './geometry';
import { failoverSentence, failoverShort, keyMomentSentence, keyMomentShort } from './keyMomentText';
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

/** A label to place: one moment, or a failover's two told as one (anchored at the first). */
interface LabelEntry {
  readonly moment: KeyMoment;
  readonly index: number;
  readonly priority: KeyMoment['priority'];
  readonly rank: number;
  readonly sentence: string;
  /** The short form, tried when the sentence has no room; null: hidden instead. */
  readonly short: string | null;
}

/**
 * The moments in view as labels: a primary's death and the promotion after it become one
 * label when the promotion lies within the reach of the death's sentence (they could never
 * share a row, and with the takeover and the grant beside them the strip runs out of rows:
 * S10 at 1280 px lost "The Redis primary dies" so).
 */
function labelEntries(moments: readonly KeyMoment[], fontPx: number, context: LayoutContext): LabelEntry[] {
  const ranks = storyRanks(moments);
  const entries: LabelEntry[] = [];
  const joined = new Set<number>();
  moments.forEach((moment, index) => {
    if (joined.has(index) || !context.visible(moment.atMs, moment.atMs)) return;
    const rank = ranks[index] ?? 0;
    const sentence = keyMomentSentence(moment, context.describe);
    if (moment.kind === 'redisPrimaryDown') {
      const promotedAt = moments.findIndex((other, at) => at > index && other.kind === 'redisPromoted');
      const promoted = moments[promotedAt];
      const reachPx = textWidthPx(sentence, fontPx) + 2 * PAD_PX;
      if (
        promoted?.kind === 'redisPromoted' &&
        context.visible(promoted.atMs, promoted.atMs) &&
        context.x(promoted.atMs) - context.x(moment.atMs) < reachPx
      ) {
        joined.add(promotedAt);
        const pair = { down: moment, promoted };
        entries.push({
          moment,
          index,
          // The promotion weighs at least as much as the death (3 when it lost a key, else 2).
          priority: promoted.priority,
          rank: Math.max(rank, ranks[promotedAt] ?? 0),
          sentence: failoverSentence(pair, context.describe),
          short: failoverShort(pair, context.describe),
        });
        return;
      }
    }
    if (moment.kind === 'write') {
      const more = laterWritesWithin(moments, index, sentence, fontPx, context);
      if (more.length > 0) {
        for (const at of more) joined.add(at);
        const count = more.length;
        entries.push({
          moment,
          index,
          priority: moment.priority,
          rank,
          sentence: context.describe('moment.writes.more', { sentence, count }),
          short: context.describe('moment.writes.more', { sentence: keyMomentShort(moment, context.describe), count }),
        });
        return;
      }
    }
    const short = moment.priority >= 2 ? keyMomentShort(moment, context.describe) : null;
    entries.push({ moment, index, priority: moment.priority, rank, sentence, short });
  });
  return entries;
}

/**
 * The writes after `index` with its outcome whose instants lie within the reach of its label
 * (the flagship's #1004 and #1005 applied twice, 30 s apart: a few dozen pixels at 1280 px).
 * Labelled apart, they climbed the strip's rows as a staircase and pushed other moments out;
 * told as one label ("#1003 applied twice, then 2 more") they take one row.
 */
function laterWritesWithin(
  moments: readonly KeyMoment[],
  index: number,
  sentence: string,
  fontPx: number,
  context: LayoutContext,
): number[] {
  const first = moments[index];
  if (first?.kind !== 'write') return [];
  const reachPx = textWidthPx(sentence, fontPx) + 2 * PAD_PX;
  const fromX = context.x(first.atMs);
  const more: number[] = [];
  moments.forEach((other, at) => {
    if (at <= index || other.kind !== 'write' || other.outcome !== first.outcome) return;
    if (!context.visible(other.atMs, other.atMs)) return;
    if (context.x(other.atMs) - fromX < reachPx) more.push(at);
  });
  return more;
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
  const order = labelEntries(moments, fontPx, context).sort((a, b) => b.rank - a.rank || a.index - b.index);
  const labels: MomentLabel[] = [];
  for (const { moment, index, priority, sentence, short } of order) {
    const anchorX = context.x(moment.atMs);
    const placed = place(sentence, false) ?? (short === null ? null : place(short, true));
    if (placed === null) continue;
    const lane = anchors.laneOf(moment);
    labels.push({
      key: moment.key,
      momentIndex: index,
      atMs: moment.atMs,
      priority,
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
