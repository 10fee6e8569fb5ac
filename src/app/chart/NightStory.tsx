import { useState } from 'react';
import './chart.css';
import { useTranslation } from 'react-i18next';
import { isShortWindow } from '../playground/shortWindow';
import type { StoryOnScreen } from './storyOnScreen';

interface NightStoryProps {
  /** What to tell (storyOnScreen.ts): the night's written story, or one read off its trace. */
  readonly story: StoryOnScreen | null;
}

/**
 * The night's story, above the chart: what the preset (or an opened file) says happens, in
 * its author's words, while the night on screen is the one it was written for; once an edit
 * changes the night, the night's own story read off the trace, said to be so first. A
 * disclosure, open at first on a tall window and folded on a short one
 * (playground/shortWindow.ts), so the whole chart fits; folded, it keeps to one line (its
 * title, then its first words), and it stays as the person left it from one night to the
 * next. Open, it keeps one height (chart.css). Nothing when the file tells no story.
 */
export function NightStory({ story }: NightStoryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !isShortWindow());
  if (story === null) return null;
  const text = story.paragraphs.join(' ');
  // The app's own words follow the page's direction; a person's text finds its own.
  const textDir = story.translated ? undefined : 'auto';
  return (
    <details
      className="night-story"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span className="night-story-label">{t('chart.story.label')}</span>{' '}
        <span className="night-story-title" dir={textDir}>
          {story.title}
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
      {story.note === null ? null : <p className="night-story-edited">{story.note}</p>}
      {story.paragraphs.map((paragraph, index) => (
        // Paragraphs have no identity but their place; the text never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <p key={index} dir={textDir}>
          {paragraph}
        </p>
      ))}
    </details>
  );
}
