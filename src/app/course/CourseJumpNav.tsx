import { useTranslation } from 'react-i18next';
import { COURSE_MAP } from '../../presets/courseMap';

interface CourseJumpNavProps {
  /** The id of an item's heading, which takes focus (and so scrolls into view) on a jump. */
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
              onClick={() => document.getElementById(headingIdOf(item.id))?.focus()}
            >
              {item.kind === 'lab' ? t('course.menu.group.lab') : item.id}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
