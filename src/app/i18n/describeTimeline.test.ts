import { describe, expect, it } from 'vitest';
import { describeDefaults } from '../../timeline/describeDefaults';
import { describeTimeline } from './index';

describe('describeTimeline', () => {
  it('routes the timeline words through i18next with the same text as the defaults', () => {
    const params = { replica: 'A' };
    expect(describeTimeline('event.pause', params)).toBe('Pause, replica A');
    expect(describeTimeline('event.pause', params)).toBe(describeDefaults('event.pause', params));
    expect(describeTimeline('value.span', { from: '02:01:30', to: '02:07:30' })).toBe('02:01:30 to 02:07:30');
  });
});
