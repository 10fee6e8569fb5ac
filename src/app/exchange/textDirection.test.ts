import { describe, expect, it } from 'vitest';
import { hasArabic } from './embeddedFont';
import { readsRightToLeft } from './svgExport';

describe('the direction of a line under an exported chart', () => {
  it('follows the script most of its letters are in', () => {
    expect(readsRightToLeft('شرح الطالب')).toBe(true);
    expect(readsRightToLeft('#1003 ظُبِّق مرتين')).toBe(true);
    expect(readsRightToLeft('ShedLock في المسار السعيد')).toBe(true);
    expect(readsRightToLeft('A takes the lease, then يتوقف')).toBe(false);
    expect(readsRightToLeft('02:05:10')).toBe(false);
  });

  it('asks for the Arabic face only when there are Arabic letters', () => {
    expect(hasArabic('Replica A 02:05:10')).toBe(false);
    expect(hasArabic('النسخة A')).toBe(true);
  });
});
