/**
 * Check every night's English (`en.verify.json`) comes with its panel's chunk instead of the
 * first load, which keeps only the button's word (`toolbar.checkEveryNight`). Imported for
 * its effect: the text is added as the chunk is evaluated, before the panel can render.
 */
import { addEnglishText } from '../i18n';
import enVerify from '../i18n/en.verify.json';

addEnglishText(enVerify);
