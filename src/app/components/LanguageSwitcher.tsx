import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, type Language } from '../i18n/languages';
import { chooseInterfaceLanguage } from '../i18n/startLanguage';

/**
 * The header's language switcher: one button naming the other language in its own words and
 * script (`lang` set, so a screen reader says it in that language). The choice is remembered
 * (preferences) and the page turns with it, right to left in Arabic.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const shown: Language = i18n.language === 'ar' ? 'ar' : 'en';
  const [busy, setBusy] = useState(false);
  const other: Language = shown === 'ar' ? 'en' : 'ar';
  return (
    <button
      type="button"
      className="language-switcher"
      lang={other}
      dir={other === 'ar' ? 'rtl' : 'ltr'}
      title={t('language.switchTo', { language: LANGUAGE_NAMES[other] })}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        void chooseInterfaceLanguage(other).finally(() => setBusy(false));
      }}
    >
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
