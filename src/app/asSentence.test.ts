import { describe, expect, it } from 'vitest';
import { asSentence, withFullStop } from './asSentence';
import { unknownLessonId } from './lessons/lessonLink';

describe('notices as sentences', () => {
  it('a reason becomes a sentence, with a capital and one full stop', () => {
    expect(asSentence('the link is damaged (not made by Leaseline)')).toBe(
      'The link is damaged (not made by Leaseline).',
    );
    expect(asSentence('already a sentence.')).toBe('Already a sentence.');
    expect(withFullStop('the link holds no scenario')).toBe('the link holds no scenario.');
  });

  it('an Arabic question, or a sentence closed inside an isolate, gets no second stop', () => {
    expect(asSentence('هل قُطع الرابط؟')).toBe('هل قُطع الرابط؟');
    expect(withFullStop('تعذّر فتح الرابط: هل قُطع الرابط؟')).toBe('تعذّر فتح الرابط: هل قُطع الرابط؟');
    expect(asSentence('\u2068was the link cut short?\u2069')).toBe('\u2068was the link cut short?\u2069');
    expect(asSentence('تعذّر فتح الرابط')).toBe('تعذّر فتح الرابط.');
  });

  it('a lesson link naming no lesson is recognised as such', () => {
    expect(unknownLessonId('#lesson=l9&step=2')).toBe('l9');
    expect(unknownLessonId('#lesson=l5&step=2')).toBeNull();
    expect(unknownLessonId('#s=1.abc')).toBeNull();
  });
});
