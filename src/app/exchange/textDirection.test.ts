import { describe, expect, it } from 'vitest';
import { hasArabic } from './embeddedFont';
import { startsRightToLeft } from './svgExport';

describe('the direction of a line under an exported chart', () => {
  it('follows its first letter that has a direction', () => {
    expect(startsRightToLeft('شرح الطالب')).toBe(true);
    expect(startsRightToLeft('#1003 ظُبِّق مرتين')).toBe(true);
    expect(startsRightToLeft('A takes the lease, then يتوقف')).toBe(false);
    expect(startsRightToLeft('02:05:10')).toBe(false);
  });

  it('asks for the Arabic face only when there are Arabic letters', () => {
    expect(hasArabic('Replica A 02:05:10')).toBe(false);
    expect(hasArabic('النسخة A')).toBe(true);
  });
});
