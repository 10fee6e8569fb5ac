/**
 * i18next reaches every Arabic plural form the resources hold: the suffix comes from
 * Intl.PluralRules('ar') (0 zero, 1 one, 2 two, 3-10 few, 11-99 many, 100 other), also after a
 * context (`safeMissed_outbox_two`) and in the timeline's flat namespace. A separate instance,
 * built the way index.ts merges the files, so nothing here depends on how the app switches
 * language.
 */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import arPanels from './ar.panels.json';
import arTimeline from './ar.timeline.json';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'ar',
  initAsync: false,
  interpolation: { escapeValue: false },
  resources: { ar: { translation: { ...ar, ...arPanels }, timeline: arTimeline } },
});

const t = i18n.t as unknown as (key: string, options: object) => string;

describe('Arabic plural forms through i18next', () => {
  it('chooses zero, one, two, few, many and other by count', () => {
    const rows = [0, 1, 2, 3, 11, 100].map((count) => t('panels.sql.rows', { count, note: 'مُنح' }));
    expect(rows).toEqual(['0 صف: مُنح', 'صف واحد: مُنح', 'صفّان: مُنح', '3 صفوف: مُنح', '11 صفًا: مُنح', '100 صف: مُنح']);
  });

  it('combines a context with the plural form', () => {
    expect(t('verdict.safeMissed', { context: 'outbox', count: 2, total: 30 })).toContain('صفّين من 30');
    expect(t('verdict.safeMissed', { context: 'outbox', count: 5, total: 30 })).toContain('5 صفوف من 30');
    // No context and a count: the reconciliation's sentence, which has no plural forms.
    expect(t('verdict.safeMissed', { count: 1, total: 5 })).toBe('آمن: لم يُطبَّق أي طلب مرتين، لكن تشغيل الليلة فات.');
  });

  it('inflects the times a write was applied, which English says with one plural pair', () => {
    expect([3, 11, 102].map((count) => t('verdict.times', { count }))).toEqual(['3 مرات', '11 مرة', '102 مرة']);
  });

  it('reaches the plural forms of the flat timeline keys', () => {
    const flat = { ns: 'timeline', keySeparator: false };
    expect(t('violationGroup', { ...flat, count: 2, at: '02:05:10', items: 'x' })).toBe('مشكلتان عند 02:05:10: x');
    expect(t('serviceState.rowsSent', { ...flat, count: 4 })).toBe('4 صفوف مرسلة');
    expect(t('moment.write.appliedTimes.outbox', { ...flat, order: 12, count: 3 })).toBe('الصف 12 نُشر 3 مرات');
  });
});
