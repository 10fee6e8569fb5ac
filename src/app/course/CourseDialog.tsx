import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSE_MAP, type CourseItem, type CourseItemKind } from '../../presets/courseMap';
import { useModalDialog } from '../components/useModalDialog';
import { addEnglishText } from '../i18n';
import enCourse from '../i18n/en.course.json';
import { CourseItemEntry } from './CourseItemEntry';
import { CourseJumpNav } from './CourseJumpNav';
import type { CourseActivity } from './courseActivities';

// This view's English text comes with its chunk (i18n/index.ts), added before it can render.
addEnglishText(enCourse);

const GROUPS: readonly CourseItemKind[] = ['lesson', 'lab', 'exercise', 'question'];

interface CourseDialogProps {
  readonly open: boolean;
  /** The dialog closed (Escape, the Close button); set `open` to false. */
  readonly onClose: () => void;
  /** A preset's button was pressed; the caller opens it and closes the dialog. */
  readonly onOpenPreset: (presetId: string) => void;
  /** A tour, the exercise or an explorer was chosen; the caller runs it and closes the dialog. */
  readonly onActivity: (activity: CourseActivity) => void;
}

/**
 * The course map (src/presets/courseMap.ts) in a native modal <dialog>, grouped as the module
 * is: lessons, the lab, exercises, quiz topics. The browser traps focus and makes the page
 * behind inert; whatever had focus when it opened gets it back when it closes.
 */
export function CourseDialog({ open, onClose, onOpenPreset, onActivity }: CourseDialogProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(open, onClose);
  const headingIdOf = (itemId: string) => `${headingId}-item-${itemId}`;
  const itemsOf = (kind: CourseItemKind): readonly CourseItem[] => COURSE_MAP.filter((item) => item.kind === kind);

  return (
    <dialog
      ref={dialogRef}
      className="course-dialog"
      aria-labelledby={headingId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <div className="course-dialog-head">
        <h2 id={headingId}>{t('course.menu.heading')}</h2>
        <button type="button" className="course-close" onClick={close}>
          {t('course.menu.close')}
        </button>
      </div>
      <p className="course-intro">{t('course.menu.intro')}</p>
      {open ? <CourseJumpNav headingIdOf={headingIdOf} /> : null}
      {open
        ? GROUPS.map((kind) => (
            <section key={kind} className="course-group" aria-labelledby={`${headingId}-${kind}`}>
              <h3 id={`${headingId}-${kind}`}>{t(`course.menu.group.${kind}`)}</h3>
              <ul className="course-items">
                {itemsOf(kind).map((item) => (
                  <CourseItemEntry
                    key={item.id}
                    item={item}
                    headingId={headingIdOf(item.id)}
                    onOpenPreset={onOpenPreset}
                    onActivity={onActivity}
                  />
                ))}
              </ul>
            </section>
          ))
        : null}
    </dialog>
  );
}
