/**
 * Number keys answer the open step's question (1 for the first answer, and so on), in the
 * playground and in presentation mode alike; from every focus but a text field (a focused
 * event on the chart included, `shortcutFocus.ts`).
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { useStore } from 'zustand';
import { pageShortcutOptions } from '../playground/shortcutFocus';
import { preferences } from '../state/preferences';
import type { Stores } from '../state/stores';
import { predict } from './lessonActions';

const ANSWER_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function useLessonKeys(stores: Stores, enabled: boolean): void {
  // Number keys are single-key shortcuts: off when the person turned those off (WCAG 2.1.4).
  const singleKey = useStore(preferences, (state) => state.singleKeyShortcuts);
  useHotkeys(
    ANSWER_KEYS,
    (event) => {
      const index = ANSWER_KEYS.indexOf(event.key);
      if (index >= 0) predict(stores, index);
    },
    // From the lesson's card, the chart or the page itself; not from stray typing elsewhere.
    { ...pageShortcutOptions(enabled && singleKey, 'chart'), useKey: true },
    [stores],
  );
}
