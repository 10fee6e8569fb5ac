import { useTranslation } from 'react-i18next';
import { preloadExercise } from '../modeParts';
import { useStores } from '../state/stores';
import { openExercise } from './openExercise';

/** The toolbar's way into the exercise mode (the other is the link `#exercise=ex03`). */
export function ExerciseButton() {
  const { t } = useTranslation();
  const stores = useStores();
  return (
    <button type="button" onClick={() => void preloadExercise().then(() => openExercise(stores, t))}>
      {t('exercise.open')}
    </button>
  );
}
