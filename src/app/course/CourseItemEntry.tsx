import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { findPreset } from '../../presets/catalogue';
import type { CourseItem, CourseStop, CourseVerifyStep } from '../../presets/courseMap';
import { COURSE_HAND_INS } from '../handIn/courseHandIns';
import { HandInFileButton } from '../handIn/HandInFileButton';
import { presetTitle } from '../i18n/presetText';
import { countText } from '../search/searchWords';
import { boundsText } from '../verify/verifyWords';
import '../verify/verifyText';
import type { CourseActivity } from './courseActivities';
import { courseActivities } from './courseActivities';

interface CourseItemEntryProps {
  readonly item: CourseItem;
  /** Its heading's id: the jump row focuses it. */
  readonly headingId: string;
  readonly onOpenPreset: (presetId: string) => void;
  /** A tour, the exercise or an explorer was chosen; the caller runs it and closes the map. */
  readonly onActivity: (activity: CourseActivity) => void;
}

/**
 * One item of the course map: its title, what to look at, and a button per preset in the
 * order to open them, each saying (in words and a symbol) how that night ends.
 */
export function CourseItemEntry({ item, headingId, onOpenPreset, onActivity }: CourseItemEntryProps) {
  const { t, i18n } = useTranslation();
  const title = t(`course.${item.id}.title`);
  const handIn = COURSE_HAND_INS[item.id];
  return (
    <li className="course-item">
      <h4 id={headingId} tabIndex={-1}>
        {title}
      </h4>
      <p>{t(`course.${item.id}.explain`)}</p>
      {item.verify ? <p className="course-verify-answers">{verifyAnswers(t, i18n.language, item.verify)}</p> : null}
      {courseActivities(item.id).map((activity) => (
        <button key={activity.key} type="button" className="course-activity" onClick={() => onActivity(activity)}>
          {t(`course.activity.${activity.key}`, { title })}
        </button>
      ))}
      {/* EX01, EX02, EX06 and the lab have no view of their own: the map is where they are handed in. */}
      {handIn ? <HandInFileButton exercise={handIn} /> : null}
      <ul className="course-presets" aria-label={t('course.menu.presetsOf', { title })}>
        {item.presets.map((stop) => {
          // The map's test guarantees every preset exists; a missing one is simply not offered.
          const preset = findPreset(stop.presetId);
          if (!preset) return null;
          const role = stopRole(stop);
          return (
            <li key={stop.presetId}>
              <button
                type="button"
                className={`course-preset course-preset-${role}`}
                onClick={() => onOpenPreset(stop.presetId)}
              >
                <span className="course-preset-title">{presetTitle(t, preset)}</span>
                <span className="course-preset-outcome">{t(`course.menu.outcome.${role}`)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

/**
 * The two answers of a check-every-night step, with the bounds they hold within (the map's
 * own claim, held to a real check by tests/courseVerify.test.ts).
 */
function verifyAnswers(t: TFunction, language: string, step: CourseVerifyStep): string {
  const title = (presetId: string) => {
    const preset = findPreset(presetId);
    return preset ? presetTitle(t, preset) : presetId;
  };
  return t('course.verifyAnswers', {
    count: step.unsafeFaults,
    bounds: boundsText(t, step.bounds),
    events: t(step.bounds.fresh ? 'verify.eventsLeftOut' : 'verify.eventsKept'),
    unsafe: title(step.unsafePresetId),
    fixed: title(step.fixedPresetId),
    nights: countText(language, step.fixedNights),
  });
}

/**
 * What a night is on the map for: showing the failure (unsafe, or safe by the verdict but
 * broken on purpose: a run missed, a zombie window, a lint) or the fix. A green "Safe" on a
 * night that misses its run would tell a class the opposite of the lesson.
 */
export function stopRole(stop: CourseStop): 'failure' | 'fix' {
  return stop.outcome === 'unsafe' || stop.invariant !== undefined ? 'failure' : 'fix';
}
