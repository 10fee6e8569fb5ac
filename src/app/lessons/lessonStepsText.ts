/**
 * The lessons' steps in English (captions, questions, reveals: `en.lessonSteps.json`), which
 * come with the views that show them (the lesson player, its prediction panel, the
 * presentation) instead of the first load; the first load keeps the lessons' titles and the
 * player's words the menu and the chart use (`en.lessons.json`). Imported for its effect: the
 * text is added as the view's chunk is evaluated, before the view can render.
 */
import { addEnglishText } from '../i18n';
import enLessonSteps from '../i18n/en.lessonSteps.json';

addEnglishText(enLessonSteps);
