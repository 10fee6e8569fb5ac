import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../presets/catalogue';
import { presetsByTopic, TOPICS, topicOf } from './presetTopics';

describe('preset topics', () => {
  it('puts every built-in preset under exactly one topic', () => {
    for (const preset of PRESETS) expect(topicOf(preset.id), preset.id).not.toBeNull();
    const grouped = presetsByTopic().flatMap((group) => group.presets.map((preset) => preset.id));
    expect(grouped.sort()).toEqual(PRESETS.map((preset) => preset.id).sort());
  });

  it('groups by what each night teaches, in course order', () => {
    expect(topicOf('s01-no-lock')).toBe('noLock');
    expect(topicOf('s07-fencing-off')).toBe('fencing');
    expect(topicOf('s10-redis-failover')).toBe('redis');
    expect(topicOf('s15c-etcd-recheck')).toBe('etcd');
    expect(topicOf('s16-outbox-skip-locked')).toBe('jobs');
    expect(topicOf('s19a-advisory-pause-keeps-it')).toBe('advisory');
    expect(topicOf('s13a-partitioned-leader-exits')).toBe('leaderElection');
    expect(topicOf('s06-db-time')).toBe('clocks');
    expect(presetsByTopic().map((group) => group.topic)).toEqual([...TOPICS]);
  });

  it('knows no topic for an id outside the series', () => {
    expect(topicOf('my-night')).toBeNull();
    expect(topicOf('s99-new')).toBeNull();
  });
});
