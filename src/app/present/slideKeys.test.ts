import { describe, expect, it } from 'vitest';
import { slideArrows, slideStepOfKey } from './slideKeys';

describe('presentation keys follow the reading direction', () => {
  it('in English: → next, ← previous', () => {
    expect(slideStepOfKey('ArrowRight', 'ltr')).toBe('next');
    expect(slideStepOfKey('ArrowLeft', 'ltr')).toBe('previous');
    expect(slideArrows('ltr')).toEqual({ previous: '←', next: '→' });
  });

  it('in Arabic: ← next, → previous, and the buttons point the same way', () => {
    expect(slideStepOfKey('ArrowLeft', 'rtl')).toBe('next');
    expect(slideStepOfKey('ArrowRight', 'rtl')).toBe('previous');
    expect(slideArrows('rtl')).toEqual({ previous: '→', next: '←' });
  });

  it("keeps a clicker's Page Down, Space and Page Up in every direction, and ignores other keys", () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(slideStepOfKey('PageDown', direction)).toBe('next');
      expect(slideStepOfKey(' ', direction)).toBe('next');
      expect(slideStepOfKey('PageUp', direction)).toBe('previous');
      expect(slideStepOfKey('ArrowUp', direction)).toBeNull();
      expect(slideStepOfKey('b', direction)).toBeNull();
    }
  });
});
