import { describe, expect, it } from 'vitest';
import { lessonFragment, parseLessonFragment } from './lessonLink';

describe('lesson links', () => {
  it('read and write #lesson=l5&step=3&present=1, the step counted from 1', () => {
    const link = parseLessonFragment('#lesson=l5&step=3&present=1');
    expect(link).toEqual({ lessonId: 'l5', stepIndex: 2, present: true });
    expect(link && lessonFragment(link)).toBe('#lesson=l5&step=3&present=1');
    expect(lessonFragment({ lessonId: 'l1', stepIndex: 0, present: false })).toBe('#lesson=l1&step=1');
  });

  it('clamp a step out of range and ignore share links and unknown lessons', () => {
    expect(parseLessonFragment('#lesson=l5&step=99')?.stepIndex).toBe(6);
    expect(parseLessonFragment('#lesson=l5&step=0')?.stepIndex).toBe(0);
    expect(parseLessonFragment('#lesson=l5')?.stepIndex).toBe(0);
    expect(parseLessonFragment('#s=abc')).toBeNull();
    expect(parseLessonFragment('#lesson=nope&step=1')).toBeNull();
    expect(parseLessonFragment('')).toBeNull();
  });
});
