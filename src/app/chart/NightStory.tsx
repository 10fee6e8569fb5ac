import { useState } from 'react';
import './chart.css';
import { useTranslation } from 'react-i18next';
import { nightStoryText } from '../i18n/presetText';
import { isShortWindow } from '../playground/shortWindow';

interface NightStoryProps {
  /** The scenario's own title and description (data from the file: rendered as text only). */
  readonly title: string;
  readonly description: string;
  /** True once the night on screen differs from the preset the story was written for. */
  readonly edited?: boolean;
}

/**
 * The night's own story, above the chart: what the preset (or an opened file) says happens,
 * in its author's words. A disclosure, open at first on a tall window and folded on a short
 * one (playground/shortWindow.ts), so the whole chart fits; folded, it keeps to one line (its title, then its first words), and it stays as the
 * person left it from one night to the next. Open, it keeps one height (chart.css). Nothing when the file
 * tells no story. Once the night is edited (fencing switched on, say) the story no longer
 * tells what the chart shows, and it says so first.
 */
export function NightStory({ title: ownTitle, description, edited = false }: NightStoryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !isShortWindow());
  // A preset's own story is shown in the interface's language; anything else as written.
  const shown = nightStoryText(t, { title: ownTitle, description });
  const title = shown.title;
  // The app's own words follow the page's direction; a person's text finds its own.
  const textDir = shown.translated ? undefined : 'auto';
  const text = shown.description.trim();
  if (text === '') return null;
  return (
    <details
      className="night-story"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="night-story-label">{t('chart.story.label')}</span>{' '}
        <span className="night-story-title" dir={textDir}>
          {title.trim() === '' ? t('chart.story.untitled') : title}
        </span>
        {open ? null : (
          <>
            {' '}
            <span className="night-story-gist" dir={textDir}>
              {text}
            </span>
          </>
        )}
      </summary>
      {edited ? <p className="night-story-edited">{t('chart.story.edited')}</p> : null}
      {text.split(/\r?\n\s*\r?\n|\r?\n/).map((paragraph, index) => (
        // Paragraphs have no identity but their place; the text never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} dir={textDir}>
          {paragraph}
        </p>
      ))}
    </details>
  );
}
