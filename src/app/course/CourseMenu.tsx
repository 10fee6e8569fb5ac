import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPreset } from '../../presets/catalogue';
import { replaceNight } from '../exercise/leaveExercise';
import { presetTitle } from '../i18n/presetText';
import { useStores } from '../state/stores';
import { CourseDialog } from './CourseDialog';
import { openPreset } from './openPreset';

/**
 * The toolbar's "Course" button and the course map it opens: any lesson's, exercise's or quiz
 * topic's scenario is two clicks (or two key presses) away. Opening one closes the map.
 */
export function CourseMenu() {
  const { t } = useTranslation();
  const stores = useStores();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('course.menu.open')}
      </button>
      <CourseDialog
        open={open}
        onClose={() => setOpen(false)}
        onOpenPreset={(presetId) => {
          setOpen(false);
          const preset = findPreset(presetId);
          const title = preset ? presetTitle(t, preset) : presetId;
          replaceNight(stores, t, title, () => openPreset(stores, presetId));
        }}
        onActivity={(activity) => {
          setOpen(false);
          activity.run(stores, t);
        }}
      />
    </>
  );
}
