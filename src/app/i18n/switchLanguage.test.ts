import { afterAll, describe, expect, it } from 'vitest';
import { findPreset } from '../../presets/catalogue';
import { lessonText } from '../lessons/lessonText';
import { withoutIsolates } from './bidi';
import { toArabicIndicDigits } from './digits';
import { describeTimeline, i18n, loadLanguage, switchLanguage } from './index';
import { joinedList, wordList } from './listText';
import { eventsWithShownLabels, nightStoryText, presetTitle } from './presetText';

/** Enough of a document for switchLanguage to turn the page, its meta description included. */
function page() {
  const description = { content: '', setAttribute: (_name: string, value: string) => (description.content = value) };
  const querySelector = (selector: string) => (selector === 'meta[name="description"]' ? description : null);
  return {
    documentElement: { lang: 'en', dir: 'ltr' },
    title: '',
    querySelector,
    description,
  } as unknown as Document & {
    description: { content: string };
  };
}

describe('switching to Arabic and back', () => {
  afterAll(() => switchLanguage('en', 'western', page()));

  it('loads Arabic on demand and turns the page right to left', async () => {
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);
    const root = page();
    await switchLanguage('ar', 'western', root);
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(true);
    expect(root.documentElement.lang).toBe('ar');
    expect(root.documentElement.dir).toBe('rtl');
    expect(root.title).toMatch(/[\u0600-\u06ff]/);
    expect(root.description.content).toMatch(/^Leaseline: ساحة تجريب/);
    await switchLanguage('en', 'western', root);
    expect(root.title).toBe('Leaseline: locks, leases and fencing tokens');
    expect(root.description.content).toBe(
      'Leaseline: a browser playground for distributed locks, leases and fencing tokens.',
    );
    await switchLanguage('ar', 'western', root);
  });

  it('isolates every interpolated value, and writes the digits the person chose', async () => {
    await switchLanguage('ar', 'western', page());
    const western = i18n.t('panels.atPlayhead.heading', { time: '02:05:10' });
    expect(western).toContain('\u206602:05:10\u2069');
    await switchLanguage('ar', 'arabicIndic', page());
    expect(i18n.t('panels.atPlayhead.heading', { time: '02:05:10' })).toContain('\u2066٠٢:٠٥:١٠\u2069');
    // An id is isolated but never rewritten.
    expect(describeTimeline('event.pause', { replica: 'A' })).toContain('\u2068A\u2069');
  });

  it('shows a preset in Arabic only where the text is the preset’s own', async () => {
    await switchLanguage('ar', 'western', page());
    const preset = findPreset('s07-fencing-off');
    if (preset === undefined) throw new Error('no flagship');
    const own = preset.document as { title: string; description: string };
    const story = nightStoryText(i18n.t, { title: own.title, description: own.description });
    expect(story.title).not.toBe(own.title);
    expect(story.title).toMatch(/[\u0600-\u06ff]/);
    expect(presetTitle(i18n.t, preset)).toBe(story.title);
    const written = { title: own.title, description: 'My own words about this night.' };
    expect(nightStoryText(i18n.t, written)).toEqual({ ...written, translated: false });
  });

  it('writes the numbers and times of a preset’s story and a lesson’s caption in the chosen digits', async () => {
    const preset = findPreset('s07-fencing-off');
    if (preset === undefined) throw new Error('no flagship');
    const own = preset.document as { title: string; description: string };
    await switchLanguage('ar', 'western', page());
    const western = nightStoryText(i18n.t, own).description;
    const caption = lessonText(i18n.t, 'lessons.l4.s1.caption');
    expect(western).toMatch(/02:0\d/);
    await switchLanguage('ar', 'arabicIndic', page());
    const indic = nightStoryText(i18n.t, own).description;
    expect(indic).not.toMatch(/\d\d:\d\d/);
    expect(indic).toMatch(/٠٢:٠[٠-٩]/);
    expect(indic).toBe(
      toArabicIndicDigits(western).replace(/#[٠-٩]+/g, (id) =>
        id.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)),
      ),
    );
    const indicCaption = lessonText(i18n.t, 'lessons.l4.s1.caption');
    expect(indicCaption).not.toBe(caption);
    expect(indicCaption).toMatch(/[٠-٩]/);
  });

  it("writes a write's label as an id, as a story writes #1003: the digits stay and nothing reorders it", async () => {
    await switchLanguage('ar', 'arabicIndic', page());
    const params = { order: 1005, replica: 'A', token: 7 };
    expect(withoutIsolates(describeTimeline('writeLabel.token', params))).toBe('#1005 A·7');
    expect(withoutIsolates(describeTimeline('writeLabel.short', params))).toBe('#1005');
    // A sentence's interpolated number is still written in the chosen digits.
    expect(withoutIsolates(describeTimeline('moment.grant.takeover', { replica: 'B', token: 8 }))).toMatch(/٨/);
    await switchLanguage('en', 'western', page());
  });

  it('leaves English exactly as it was', async () => {
    await switchLanguage('en', 'arabicIndic', page());
    const text = i18n.t('panels.atPlayhead.heading', { time: '02:05:10' });
    expect(text).toBe(withoutIsolates(text));
    expect(text).toContain('02:05:10');
    expect(describeTimeline('event.pause', { replica: 'A' })).toBe('Pause, replica A');
    await loadLanguage('en');
  });
});

describe('the exercise night’s own story', () => {
  afterAll(() => switchLanguage('en', 'western', page()));

  it('is the same words in English and translated in Arabic', async () => {
    const { ex03Night } = await import('../exercise/ex03Night');
    const night = ex03Night();
    const own = { title: night.title ?? '', description: night.description ?? '' };
    await switchLanguage('en', 'western', page());
    expect(nightStoryText(i18n.t, own)).toEqual({ ...own, translated: true });
    await switchLanguage('ar', 'western', page());
    expect(nightStoryText(i18n.t, own).description).toMatch(/[\u0600-\u06ff]/);
  });

  it('labels a preset’s own events in Arabic, and a person’s own labels as written', async () => {
    await switchLanguage('ar', 'western', page());
    const own = [{ id: 'p1', type: 'pause', label: 'GC pause' }];
    expect(eventsWithShownLabels(i18n.t, own)[0]?.label).toBe('توقف GC');
    const theirs = [
      { id: 'p1', type: 'pause', label: 'my pause' },
      { id: 'x9', type: 'pause', label: 'GC pause' },
    ];
    expect(eventsWithShownLabels(i18n.t, theirs)).toBe(theirs);
    await switchLanguage('en', 'western', page());
    expect(eventsWithShownLabels(i18n.t, own)).toBe(own);
  });

  it('labels the events a tool added to a night it found in Arabic, whatever their ids', async () => {
    const found = [
      { id: 'found1', type: 'pause', label: 'found by verify' },
      { id: 'found2', type: 'crash', label: 'found by search' },
      { id: 'found3', type: 'crash', label: 'found by verify, moved' },
    ];
    await switchLanguage('ar', 'western', page());
    expect(eventsWithShownLabels(i18n.t, found).map((event) => event.label)).toEqual([
      '\u2067وجدها «افحص كل ليلة»\u2069',
      '\u2067وجدها «ابحث عن إخفاق»\u2069',
      'found by verify, moved',
    ]);
    await switchLanguage('en', 'western', page());
    expect(eventsWithShownLabels(i18n.t, found)).toBe(found);
  });

  it('joins lists with the language’s own comma and "and"', async () => {
    await switchLanguage('ar', 'western', page());
    expect(withoutIsolates(wordList(i18n.t, ['A', 'B', 'C']))).toBe('A، B وC');
    expect(joinedList(i18n.t, ['B', 'C'])).toBe('B، C');
    expect(withoutIsolates(describeTimeline('list.separator', {}))).toBe('، ');
    await switchLanguage('en', 'western', page());
    expect(wordList(i18n.t, ['A', 'B', 'C'])).toBe('A, B and C');
    expect(wordList(i18n.t, ['A'])).toBe('A');
  });
});
