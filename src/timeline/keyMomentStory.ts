/**
 * A night's story told from its key moments (src/sim/readings/keyMoments.ts), for a night no
 * one wrote a story for: an edited preset, whose own story told another night. The moments a
 * person would point at (priority 2 and 3), in time order, each in the words the chart and
 * the live region use; of the writes whose outcome matters, the first of each outcome (applied
 * again, rejected as stale, stale yet accepted, a duplicate) and a few more, then how many
 * the chart shows besides. So the story says "applied twice" exactly when a write was, and
 * "rejected" exactly when fencing turned one away, as the verdict does. Pure.
 */
import type { KeyMoment } from '../sim/readings/keyMoments';
import type { Describe } from './describeDefaults';
import { keyMomentMessage, momentTime } from './keyMomentText';

/** Writes told beyond the first of each outcome: the rest are counted, not listed. */
export const STORY_WRITES_MAX = 3;

export interface MomentStory {
  /** The moments told, in time order. */
  readonly told: readonly KeyMoment[];
  /** Writes whose outcome matters that the story leaves to the chart. */
  readonly moreWrites: number;
}

/** Pure: which of the night's moments (in time order) its story tells. */
export function storyMoments(moments: readonly KeyMoment[]): MomentStory {
  const outcomesTold = new Set<string>();
  const told: KeyMoment[] = [];
  let writesTold = 0;
  let moreWrites = 0;
  for (const moment of moments) {
    if (moment.priority < 2) continue;
    if (moment.kind !== 'write') {
      told.push(moment);
      continue;
    }
    const firstOfItsOutcome = !outcomesTold.has(moment.outcome);
    if (firstOfItsOutcome || writesTold < STORY_WRITES_MAX) {
      outcomesTold.add(moment.outcome);
      writesTold += 1;
      told.push(moment);
    } else moreWrites += 1;
  }
  return { told, moreWrites };
}

/**
 * Pure: the story as sentences. A moment whose sentence carries its own time is told as it
 * is ("A's lease expires at 02:05:00."); any other is preceded by its time ("02:05:10: B takes
 * over with token 8."), as the live region says it.
 */
export function keyMomentStory(moments: readonly KeyMoment[], describeText: Describe): string[] {
  const { told, moreWrites } = storyMoments(moments);
  if (told.length === 0) return [describeText('story.none', {})];
  const sentences = told.map((moment) => {
    const { key, params } = keyMomentMessage(moment, describeText);
    const sentence = describeText(key, params);
    return 'time' in params
      ? describeText('story.sentence', { sentence })
      : describeText('story.sentenceAt', { time: momentTime(moment.atMs), sentence });
  });
  if (moreWrites > 0) sentences.push(describeText('story.moreWrites', { count: moreWrites }));
  return sentences;
}
