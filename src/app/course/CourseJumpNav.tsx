import { useTranslation } from 'react-i18next';
import { COURSE_MAP } from '../../presets/courseMap';

interface CourseJumpNavProps {
  /** The id of an item's heading, which takes focus and comes to the top of the map on a jump. */
  readonly headingIdOf: (itemId: string) => string;
}

/**
 * A row of short jumps (L1 ... Q10) at the top of the course map, so a keyboard user reaches
 * any item in a few presses instead of tabbing through every preset before it. Buttons, not
 * fragment links: the address belongs to the scenario (`#s=...`).
 */
export function CourseJumpNav({ headingIdOf }: CourseJumpNavProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('course.menu.jump')}>
      <ul className="course-jumps">
        {COURSE_MAP.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              title={t(`course.${item.id}.title`)}
              onClick={() => jumpTo(document.getElementById(headingIdOf(item.id)))}
            >
              {item.kind === 'lab' ? t('course.menu.group.lab') : item.id}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The item's heading takes focus and its item begins at the top of the map (under its
 * `scroll-margin-top`), its words and activities below it. Focus alone scrolled only as far
 * as the heading, which left it halfway down the window under the item before it.
 */
function jumpTo(heading: HTMLElement | null): void {
  if (heading === null) return;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}
