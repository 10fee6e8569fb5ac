/**
 * The English of the views the Learn menu opens besides the player (`en.lessonViews.json`:
 * the presentation's `present`, the EX04 and EX05 views' `explorer`), which comes with those
 * views' chunks instead of the first load (i18n/index.ts). Imported for its effect: the text is
 * added as the view's chunk is evaluated, before the view can render.
 */
import { addEnglishText } from '../i18n';
import enLessonViews from '../i18n/en.lessonViews.json';

addEnglishText(enLessonViews);
