import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n, switchLanguage } from '../i18n';
import { withoutIsolates } from '../i18n/bidi';
import { locatedProblemText } from '../i18n/modelErrorText';
import { FLAGSHIP_PRESET_ID, initialDocument } from './initialDocument';
import { loadShareLinkCodec } from './shareLinkCodec';

/** Enough of a document for switchLanguage. */
function page(): Document {
  return { documentElement: { lang: 'en', dir: 'ltr' }, title: '', querySelector: () => null } as unknown as Document;
}

describe('the night the page opens', () => {
  // Runs first: the codec is not loaded yet in this file's module graph.
  it("opens the flagship and says why when the page's link reader did not load, in the reader's language", async () => {
    const opened = initialDocument('#s=1.abc');
    expect(opened.source).toBe(FLAGSHIP_PRESET_ID);
    const error = opened.linkError;
    if (error === null) throw new Error('expected a link error');
    const t = i18n.t.bind(i18n) as TFunction;
    expect(locatedProblemText(t, error)).toBe('the link cannot be opened: the page could not load its link reader');
    await switchLanguage('ar', 'western', page());
    try {
      const arabic = withoutIsolates(locatedProblemText(t, error));
      expect(arabic).toMatch(/[\u0600-\u06ff]/);
      expect(arabic).not.toMatch(/[A-Za-z]/);
    } finally {
      await switchLanguage('en', 'western', page());
    }
  });

  it('opens a link once the reader is there, and a broken one names its problem', async () => {
    await loadShareLinkCodec();
    expect(initialDocument('').linkError).toBeNull();
    const broken = initialDocument('#s=9.abc');
    expect(broken.source).toBe(FLAGSHIP_PRESET_ID);
    expect(broken.linkError?.message).toMatch(/newer Leaseline|unknown encoding/);
  });
});
