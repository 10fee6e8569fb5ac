/**
 * The labels of the events a tool adds to a night it found (docs/scenario-format.md: at most
 * 120 characters): English, since they are the file's own text; the app shows them in its
 * language (app/i18n/presetText.ts). Their own module, with nothing else: the app's first load
 * carries them without the search.
 */

/** Every event `leaseline search` (Find a failure) adds. */
export const ADDED_EVENT_LABEL = 'found by search';

/** Every event `leaseline verify` (Check every night) adds. */
export const VERIFY_EVENT_LABEL = 'found by verify';
