/**
 * The verdict sentence under "Measured on PostgreSQL": a measured night that was not the
 * acceptance test is neither safe nor unsafe, in English and Arabic.
 */
import { describe, expect, it } from 'vitest';
import type { NightComparison } from '../../sim/readings/compareMeasured';
import { addEnglishText, i18n, loadLanguage } from '../i18n';
import enMeasured from '../i18n/en.measured.json';
import { agreementSentences } from './agreementText';

const same = <T>(value: T) => ({ measured: value, simulated: value, same: true });
const comparison = (measuredTest: NightComparison['measuredTest'], measuredSafe: boolean): NightComparison => ({
  tokens: same([7]),
  twice: same([]),
  stale: same(0),
  safe: { measured: measuredSafe, simulated: true, same: measuredSafe },
  measuredTest,
});

// The measured night's English comes with its panel's chunk, Arabic loads whole: as in the app.
addEnglishText(enMeasured);
await loadLanguage('ar');

describe('agreementSentences', () => {
  const en = i18n.getFixedT('en');
  const ar = i18n.getFixedT('ar');

  it('gives both verdicts when the measured night was the acceptance test', () => {
    expect(agreementSentences(en, comparison('tested', true))[1]).toBe('Both nights are safe.');
  });

  it('never calls a night that missed a step safe or unsafe', () => {
    const [, verdict] = agreementSentences(en, comparison('incomplete', false));
    expect(verdict).toMatch(/^The measured night is not the acceptance test: a step of it did not happen/);
    expect(verdict).toContain('the simulated one is safe.');
    expect(verdict).not.toMatch(/night is (un)?safe/);
    expect(agreementSentences(ar, comparison('incomplete', false))[1]).toMatch(/^الليلة المقيسة ليست اختبار القبول/);
  });

  it('says a night that paused nobody is not the test', () => {
    expect(agreementSentences(en, comparison('no-pause', true))[1]).toMatch(/^The measured night paused nobody/);
    expect(agreementSentences(ar, comparison('no-pause', true))[1]).toMatch(/لم تُوقف أحدًا/);
  });
});
