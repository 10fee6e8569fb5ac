/**
 * The English of the hand-in buttons and dialogs of EX01, EX02, EX04, EX05, EX06 and LAB1
 * (`en.handIn.json`, merged into `exercise`), which comes with their chunks instead of the
 * first load (i18n/index.ts). Imported for its effect, before the button can render.
 */
import { addEnglishText } from '../i18n';
import enHandIn from '../i18n/en.handIn.json';

addEnglishText(enHandIn);
