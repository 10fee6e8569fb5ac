import { useTranslation } from 'react-i18next';

interface ScenarioSummaryProps {
  readonly title: string;
  readonly description: string;
  readonly file: string;
  readonly curriculum: readonly string[];
}

/** The scenario's own title and description. User text: rendered as text nodes only. */
export function ScenarioSummary({ title, description, file, curriculum }: ScenarioSummaryProps) {
  const { t } = useTranslation();
  return (
    <section className="scenario" aria-labelledby="scenario-title">
      <h2 id="scenario-title">{title}</h2>
      {description === '' ? null : <p className="description">{description}</p>}
      <p className="meta">
        <span>{t('scenario.file', { file })}</span>
        {curriculum.length === 0 ? null : <span>{t('scenario.curriculum', { items: curriculum.join(', ') })}</span>}
      </p>
    </section>
  );
}
