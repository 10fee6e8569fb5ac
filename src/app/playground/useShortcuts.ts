/**
 * The page's keyboard shortcuts (listed in the `?` dialog). Chords (Ctrl+Z), Space and Delete
 * act from every focus but a text field, a focused event on the chart included
 * (`shortcutFocus.ts`); a control keeps only the keys it uses itself (Space on a button
 * presses the button rather than playing). Single-character keys (F, [ ], + - 0, Shift+F) act
 * only from the chart, its playback controls or the page itself, never from stray typing on
 * another control.
 * Per-event keys (arrows, Page Up/Down, Delete) live on the event sliders.
 */
import { useHotkeys } from 'react-hotkeys-hook';
import { useStore } from 'zustand';
import { findFailureOnPage } from '../search/findFailureOnPage';
import { preferences } from '../state/preferences';
import type { Stores } from '../state/stores';
import { pageShortcutOptions } from './shortcutFocus';
import { stepFrom } from './stepTimes';
import { fencingSwitchEdits, switchFencing } from './switchFencing';

export interface ShortcutContext {
  readonly stores: Stores;
  readonly stepTimes: readonly number[];
  /** The instants of the night's key moments (Shift+[ and Shift+] step between them). */
  readonly momentTimes: readonly number[];
  readonly windowFromMs: number;
  /** Zoom and pan keys, handled by the timeline (`viewportForKey`). */
  readonly onViewportKey: (key: { key: string; shiftKey: boolean }) => boolean;
}

export function useShortcuts({ stores, stepTimes, momentTimes, windowFromMs, onViewportKey }: ShortcutContext): void {
  const { documents, ui } = stores;
  const history = documents.temporal;
  // Character keys can be turned off (WCAG 2.1.4); chords and keys of controls cannot.
  const singleKey = useStore(preferences, (state) => state.singleKeyShortcuts);
  // Character keys act on the night only from the chart (or nothing focused): typed on
  // another control they are stray typing (`shortcutFocus.ts`).
  const single = pageShortcutOptions(singleKey, 'chart');
  const always = pageShortcutOptions();
  // Matched by key position (Shift + the slash key): with `useKey`, "slash" never equals "?".
  // ? only opens the list, from anywhere: it changes nothing on the page.
  useHotkeys('shift+slash', () => ui.getState().set({ shortcutsOpen: true }), pageShortcutOptions(singleKey));
  useHotkeys(
    'mod+z',
    (event) => {
      event.preventDefault();
      history.getState().undo();
    },
    always,
  );
  useHotkeys(
    ['mod+shift+z', 'ctrl+y'],
    (event) => {
      event.preventDefault();
      history.getState().redo();
    },
    always,
  );
  useHotkeys(
    'space',
    (event) => {
      // Space presses whatever control has the focus (a button, a write marker, the switch):
      // `focusOwnsKey` leaves it to them.
      event.preventDefault();
      const state = ui.getState();
      state.set({ playing: !state.playing, playheadMs: state.playheadMs ?? windowFromMs });
    },
    always,
  );
  useHotkeys(
    ['bracketleft', 'bracketright'],
    (event) => {
      const direction = event.code === 'BracketLeft' ? -1 : 1;
      const state = ui.getState();
      const next = stepFrom(stepTimes, state.playheadMs ?? windowFromMs, direction);
      if (next !== null) state.set({ playheadMs: next, playing: false });
    },
    single,
  );
  useHotkeys(
    ['shift+bracketleft', 'shift+bracketright'],
    (event) => {
      const direction = event.code === 'BracketLeft' ? -1 : 1;
      const state = ui.getState();
      const next = stepFrom(momentTimes, state.playheadMs ?? windowFromMs, direction);
      if (next !== null) state.set({ playheadMs: next, playing: false });
    },
    single,
  );
  useHotkeys(['equal', 'shift+equal', 'numpadadd'], () => onViewportKey({ key: '+', shiftKey: false }), single);
  useHotkeys(['minus', 'numpadsubtract'], () => onViewportKey({ key: '-', shiftKey: false }), single);
  useHotkeys('0', () => onViewportKey({ key: '0', shiftKey: false }), { ...single, useKey: true });
  useHotkeys(
    ['shift+arrowleft', 'shift+arrowright', 'shift+pageup', 'shift+pagedown'],
    (event) => {
      // On a focused event slider, Shift+arrows change its length instead.
      if ((event.target as Element | null)?.closest?.('[data-event-index]')) return;
      if (onViewportKey({ key: event.key, shiftKey: true })) event.preventDefault();
    },
    always,
  );
  useHotkeys(
    'f',
    () => switchFencing(stores, fencingSwitchEdits(documents.getState().document.storage?.fencing)),
    single,
  );
  // Find a failure: search the design on screen for the smallest night that breaks it.
  useHotkeys('shift+f', () => findFailureOnPage(stores), single);
  useHotkeys(
    ['delete', 'backspace'],
    () => {
      const index = ui.getState().selectedEventIndex;
      if (index === null) return;
      documents.getState().commit([{ kind: 'removeEvent', index }]);
      ui.getState().set({ selectedEventIndex: null });
    },
    always,
  );
}
