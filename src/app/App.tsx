import { useTranslation } from 'react-i18next';
import { PRESETS } from '../presets/catalogue';
import { PresetPicker } from './components/PresetPicker';
import { ReportTables } from './components/ReportTables';
import { ScenarioSummary } from './components/ScenarioSummary';
import { Verdict } from './components/Verdict';
import { usePresetCheck, useSelectedPreset } from './usePresetCheck';

/** The page: pick a preset, read its check report. Everything shown is derived from the pick. */
export function App() {
  const { t } = useTranslation();
  const preset = useSelectedPreset();
  const check = usePresetCheck(preset);

  return (
    <>
      <header className="site-header">
        <div className="wrap">
          <h1 className="brand">{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
        </div>
      </header>
      <main className="wrap">
        <PresetPicker presets={PRESETS} selectedId={preset?.id} />
        {preset !== undefined && check?.kind === 'report' ? (
          <ScenarioSummary
            title={check.title}
            description={check.description}
            file={check.file}
            curriculum={preset.curriculum}
          />
        ) : null}
        <Verdict check={check} />
        {check?.kind === 'report' ? <ReportTables report={check.report} /> : null}
      </main>
    </>
  );
}
