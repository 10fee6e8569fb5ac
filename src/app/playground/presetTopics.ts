/**
 * The Scenario menu's groups: each built-in preset under the topic it teaches, in the order
 * a course meets them. Decided by the preset's number (s01, s10...), so a new preset of a
 * known series joins its group; the unit test checks every preset has one.
 */
import { PRESETS } from '../../presets/catalogue';
import type { Preset } from '../../presets/presetTypes';

export const TOPICS = [
  'noLock',
  'shedlock',
  'fencing',
  'clocks',
  'redis',
  'leaderElection',
  'etcd',
  'advisory',
  'jobs',
] as const;
export type Topic = (typeof TOPICS)[number];

/** Series number (the `NN` of `sNN...`) to topic. */
const BY_SERIES: Record<number, Topic> = {
  1: 'noLock',
  2: 'shedlock',
  3: 'shedlock',
  4: 'shedlock',
  5: 'clocks',
  6: 'clocks',
  7: 'fencing',
  8: 'fencing',
  9: 'fencing',
  10: 'redis',
  11: 'redis',
  12: 'leaderElection',
  13: 'leaderElection',
  14: 'leaderElection',
  15: 'etcd',
  16: 'jobs',
  17: 'jobs',
  18: 'jobs',
  19: 'advisory',
  20: 'fencing',
  21: 'fencing',
  22: 'shedlock',
};

/** The topic of a preset id, or null for an id outside the known series. */
export function topicOf(presetId: string): Topic | null {
  const match = /^s(\d\d)/.exec(presetId);
  return match ? (BY_SERIES[Number(match[1])] ?? null) : null;
}

/** The presets grouped by topic, topics in course order, presets in catalogue order. */
export function presetsByTopic(presets: readonly Preset[] = PRESETS): { topic: Topic; presets: Preset[] }[] {
  return TOPICS.map((topic) => ({ topic, presets: presets.filter((preset) => topicOf(preset.id) === topic) })).filter(
    (group) => group.presets.length > 0,
  );
}
