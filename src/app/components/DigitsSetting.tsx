import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { switchLanguage } from '../i18n';
import { preferences } from '../state/preferences';

/**
 * The Arabic interface's choice of digits: Western (0123, the default, as the course's own
 * pages write them) or Arabic-Indic (٠١٢٣). Shown only in Arabic; remembered (preferences).
 */
export function DigitsSetting() {
  const { t, i18n } = useTranslation();
  const digits = useStore(preferences, (state) => state.digits);
  if (i18n.language !== 'ar') return null;
  return (
    <>
      <label className="panels-check">
        <input
          type="checkbox"
          checked={digits === 'arabicIndic'}
          onChange={(event) => {
            const style = event.currentTarget.checked ? 'arabicIndic' : 'western';
            preferences.getState().set({ digits: style });
            // The same language again: every text and the chart are written anew with the digits.
            void switchLanguage('ar', style);
          }}
        />{' '}
        {t('language.digits')}
      </label>
      <p className="panels-hint">{t('language.digitsHint')}</p>
    </>
  );
}
