import { useState } from 'react';
import './chart.css';
import { useTranslation } from 'react-i18next';

interface NightStoryProps {
  /** The scenario's own title and description (data from the file: rendered as text only). */
  readonly title: string;
  readonly description: string;
}

/**
 * The night's own story, above the chart: what the preset (or an opened file) says happens,
 * in its author's words. A disclosure, open at first; closed, it keeps to one line, and it
 * stays closed from one night to the next until it is opened again. Nothing when the file
 * tells no story.
 */
export function NightStory({ title, description }: NightStoryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const text = description.trim();
  if (text === '') return null;
  return (
    <details
      className="night-story"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="night-story-label">{t('chart.story.label')}</span>{' '}
        <span className="night-story-title">{title.trim() === '' ? t('chart.story.untitled') : title}</span>
      </summary>
      {text.split(/\r?\n\s*\r?\n|\r?\n/).map((paragraph, index) => (
        // Paragraphs have no identity but their place; the text never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index}>{paragraph}</p>
      ))}
    </details>
  );
}
