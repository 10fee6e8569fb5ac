/**
 * Check every night's answer at the edges of its bounds: no fault allowed, and a file whose own
 * night breaks before any fault. One night there: no alphabet, no "1 nights", no "none with fewer".
 */
import { describe, expect, it } from 'vitest';
import type { VerifyBounds } from '../../verify/verifyBounds';
import type { VerifyResult } from '../../verify/verifyDesign';
import { addEnglishText, i18n, loadLanguage } from '../i18n';
import enVerify from '../i18n/en.verify.json';
import { verifyResult } from './verifyResult.testing';
import { answerText } from './verifyWords';

addEnglishText(enVerify);
await loadLanguage('ar');

const bounds = (maxFaults: number): VerifyBounds => ({
  faults: ['pause', 'crash'],
  maxFaults,
  gridMs: 120_000,
  durationsMs: [300_000],
  invariants: ['I3', 'I4'],
  fresh: true,
});

/** The answer of a check with no fault allowed: the one night. */
const result = (patch: Partial<VerifyResult>) =>
  verifyResult({
    bounds: {
      faults: ['pause', 'crash'],
      maxFaults: 0,
      grid: '2m',
      durations: ['5m'],
      invariants: ['I3', 'I4'],
      fresh: true,
    },
    alphabetSize: 54,
    nightsCovered: 1,
    nightsByFaultCount: [1],
    failingByFaultCount: [0],
    simulations: 1,
    ...patch,
  });

const unsafeOwn = result({ verdict: 'unsafe', failingNights: 1, failingByFaultCount: [1], smallestFaultCount: 0 });

describe('answerText at the edges', () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');

  it('with no fault allowed and nothing broken: the one night, without an alphabet', () => {
    expect(answerText(en, 'en', bounds(0), { result: result({}), violations: [], addedEventIndices: [] })).toBe(
      "Safe within these bounds: the night with no fault added, the file's own events left out, applies no order twice and accepts no stale token. With no fault allowed, it is the only night within these bounds.",
    );
    const arabic = answerText(ar, 'ar', bounds(0), { result: result({}), violations: [], addedEventIndices: [] });
    expect(arabic).toMatch(/^آمن ضمن هذه الحدود: الليلة دون إضافة أي عطل، دون أحداث الملف نفسه، لا تطبّق /);
  });

  it("when the file's own night breaks: that, and why no night with faults was checked", () => {
    const checked = { result: unsafeOwn, violations: ['I3', 'I4'] as const, addedEventIndices: [] };
    const text = answerText(en, 'en', bounds(2), checked);
    expect(text).toMatch(
      /^Unsafe: the file's own night already breaks it, with no fault added: .+\. Nights with faults were not checked, since the night without any already breaks\.$/,
    );
    expect(text).not.toMatch(/1 nights|none with fewer/);
    // With no fault allowed, there were none to check: the headline alone.
    expect(answerText(en, 'en', bounds(0), checked)).toMatch(
      /^Unsafe: the file's own night already breaks it, with no fault added: [^.]+\.$/,
    );
    expect(answerText(ar, 'ar', bounds(2), checked)).toMatch(/لم تُفحص الليالي ذات الأعطال/);
  });
});
