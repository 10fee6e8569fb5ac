import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LESSONS } from '../../presets/lessons';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { openLessonStep } from './lessonActions';
import { lessonText } from './lessonText';

const NONE = '';

/** The menu that opens a lesson at its first step, or one of the exercise views (EX04, EX05). */
export function LessonMenu() {
  const { t } = useTranslation();
  const stores = useStores();
  const lesson = useUi(stores.ui, (state) => state.lesson);
  const explorer = useUi(stores.ui, (state) => state.explorer);
  const id = useId();
  const value = lesson ? `lesson:${lesson.id}` : explorer ? `explorer:${explorer}` : NONE;
  return (
    <div className="lesson-menu">
      <label htmlFor={id}>{t('lessons.menuLabel')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const [kind, which] = event.currentTarget.value.split(':');
          if (kind === 'lesson' && which) openLessonStep(stores, which, 0);
          if (kind === 'explorer' && (which === 'ex04' || which === 'ex05'))
            stores.ui.getState().set({ explorer: which, lesson: null, highlight: null, presenting: false });
        }}
      >
        <option value={NONE}>{t('lessons.menuPlaceholder')}</option>
        {LESSONS.map((candidate) => (
          <option key={candidate.id} value={`lesson:${candidate.id}`}>
            {lessonText(t, candidate.title)}
          </option>
        ))}
        <option value="explorer:ex04">{t('lessons.menuEx04')}</option>
        <option value="explorer:ex05">{t('lessons.menuEx05')}</option>
      </select>
    </div>
  );
}
