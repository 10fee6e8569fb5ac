import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { i18n } from '../i18n';
import { exportStem, handInSummary, nameStem } from './handInSummary';

const t = i18n.t.bind(i18n) as TFunction;
const s07 = findPreset('s07-fencing-off')?.document as ScenarioDocument;
const day = new Date(2026, 11, 1, 23, 30);

describe('the exported hand-in', () => {
  it('is called ex03-<name>-<date>, the name in any script', () => {
    expect(exportStem({ ...s07, exercise: 'ex03', student: 'Zoë Martin' }, day)).toBe('ex03-zoë-martin-2026-12-01');
    expect(exportStem({ ...s07, exercise: 'ex03', student: '李 小龍' }, day)).toBe('ex03-李-小龍-2026-12-01');
    expect(exportStem({ ...s07, exercise: 'ex03' }, day)).toBe('ex03-no-name-2026-12-01');
    expect(nameStem('../../etc/passwd')).toBe('etc-passwd');
  });

  it('a night that is not a hand-in keeps its title as file name', () => {
    expect(exportStem(s07, day)).toBe('paused-holder-token-7-against-token-8-fencing-off');
  });

  it('says the name, the verdict and the checklist', () => {
    const lines = handInSummary(t, { ...s07, exercise: 'ex03', student: 'Zoë Martin' });
    expect(lines.slice(0, 3)).toEqual([
      'Student: Zoë Martin',
      'Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50; 2 more orders too.',
      'EX03 checklist: 6 of 6 shown',
    ]);
    expect(lines).toContain('✓ A stalls while holding it');
    expect(lines).toHaveLength(9);
  });

  it('a night outside the exercise gets its verdict only', () => {
    expect(handInSummary(t, s07)).toHaveLength(1);
  });
});
