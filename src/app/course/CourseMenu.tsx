import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPreset } from '../../presets/catalogue';
import { onDemand } from '../components/onDemand';
import { replaceNight } from '../exercise/leaveExercise';
import { presetTitle } from '../i18n/presetText';
import { useStores } from '../state/stores';
import { openPreset } from './openPreset';

/** The map's code (and the course itself, as data) arrives the first time it opens. */
const CourseDialog = onDemand(() => import('./CourseDialog').then((m) => m.CourseDialog), { hiddenLoading: true });

/**
 * The toolbar's "Course" button and the course map it opens: any lesson's, exercise's or quiz
 * topic's scenario is two clicks (or two key presses) away. Opening one closes the map.
 */
export function CourseMenu() {
  const { t } = useTranslation();
  const stores = useStores();
  const [open, setOpen] = useState(false);
  // The map is mounted from its first opening on (its code arrives then), and closes itself.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {t('toolbar.course')}
      </button>
      {wanted ? (
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
      ) : null}
    </>
  );
}
