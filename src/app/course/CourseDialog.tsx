import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSE_MAP, type CourseItem, type CourseItemKind } from '../../presets/courseMap';
import { CourseItemEntry } from './CourseItemEntry';
import { CourseJumpNav } from './CourseJumpNav';
import type { CourseActivity } from './courseActivities';
import './course.css';

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // invariant: mirrors the `open` prop, so a close the parent asked for is not reported back.
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement ? active : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const onDialogClose = () => {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
    if (openRef.current) onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Handled here rather than left to the browser's cancel, so every engine closes the same way,
    // and so the playground's own Escape handling never sees it.
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      dialogRef.current?.close();
    }
  };
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
        <button type="button" className="course-close" onClick={() => dialogRef.current?.close()}>
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
