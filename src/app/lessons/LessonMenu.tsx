import { useTranslation } from 'react-i18next';
import { LESSONS } from '../../presets/lessons';
import { ChoiceMenu } from '../components/ChoiceMenu';
import { replaceNight } from '../exercise/leaveExercise';
import { preloadLesson } from '../modeParts';
import type { Stores } from '../state/stores';
import { useStores } from '../state/stores';
import { useUi } from '../state/uiStore';
import { closeLesson, openLessonStep } from './lessonActions';
import { lessonText } from './lessonText';

/** Opens an exercise view (EX04's statements, EX05's sliders); the lesson, if any, is left. */
export function openExplorer(stores: Stores, which: 'ex04' | 'ex05'): void {
  // Left as any lesson is: the learner's own night comes back first.
  if (stores.ui.getState().lesson !== null) closeLesson(stores, false);
  stores.ui.getState().set({ explorer: which, lesson: null, highlight: null, presenting: false });
}

/**
 * The Learn menu: a lesson at its first step, or one of the exercise views (EX04, EX05),
 * opened only when chosen (Enter or a click; arrowing through the list opens nothing), after
 * asking if it would replace an exercise's night.
 */
export function LessonMenu() {
  const { t } = useTranslation();
  const stores = useStores();
  const lesson = useUi(stores.ui, (state) => state.lesson);
  const explorer = useUi(stores.ui, (state) => state.explorer);
  const value = lesson ? `lesson:${lesson.id}` : explorer ? `explorer:${explorer}` : null;
  const lessons = LESSONS.map((candidate) => ({
    value: `lesson:${candidate.id}`,
    label: lessonText(t, candidate.title),
  }));
  const views = [
    { value: 'explorer:ex04', label: t('lessons.menuEx04') },
    { value: 'explorer:ex05', label: t('lessons.menuEx05') },
  ];
  const current = [...lessons, ...views].find((choice) => choice.value === value);
  return (
    <ChoiceMenu
      className="lesson-menu"
      label={t('lessons.menuLabel')}
      buttonText={current?.label ?? t('lessons.menuPlaceholder')}
      value={value}
      groups={[
        { id: 'lessons', label: t('lessons.menuLessons'), choices: lessons },
        { id: 'views', label: t('lessons.menuViews'), choices: views },
      ]}
      onChoose={(chosen) => {
        if (chosen === value) return;
        const [kind, which] = chosen.split(':');
        const what = [...lessons, ...views].find((choice) => choice.value === chosen)?.label ?? chosen;
        if (kind === 'lesson' && which)
          void preloadLesson().then(() => replaceNight(stores, t, what, () => openLessonStep(stores, which, 0)));
        if (kind === 'explorer' && (which === 'ex04' || which === 'ex05'))
          replaceNight(stores, t, what, () => openExplorer(stores, which));
      }}
    />
  );
}
