/**
 * Whether the focused control keeps a key for itself, so a page shortcut must not act on it.
 *
 * The hotkey library's default ignores every key whose target is a form control or has a
 * widget role (slider, radio, option...). Every event on the chart is a slider, and it has
 * the focus after every click, drag or arrow-key edit: Ctrl+Z, F, ?, Space and [ ] then did
 * nothing. The rule here is narrower, and the same for every page shortcut: a text field
 * keeps every key (its own undo, its own characters); any other control keeps only the keys
 * it uses itself (a slider its arrows, Page keys, Home and End; a button Space and Enter; a
 * closed <select> its letters and arrows), and a key a control already handled (its
 * `keydown` called preventDefault) is not handled twice. An open modal dialog keeps every
 * key from the page behind it.
 */

/** Input types that take typed text (a text field); every other type is a control. */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);
const TEXT_ROLES = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);
const PRESS_ROLES = new Set([
  'button',
  'switch',
  'checkbox',
  'radio',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'link',
]);
/** Roles whose arrows move within a group (a radio group, a tab list, a menu, a list box). */
const ARROW_ROLES = new Set(['radio', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option']);
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);
const ARROW_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const PRESS_KEYS = new Set([' ', 'Spacebar', 'Enter']);

export interface ShortcutKeyEvent {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
}

/** True when `element` takes typed text: the one place where no page shortcut acts. */
export function isTextEntry(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  if (tag === 'textarea') return true;
  if (tag === 'input') return !NON_TEXT_INPUTS.has((element.getAttribute('type') ?? 'text').toLowerCase());
  if ((element as HTMLElement).isContentEditable) return true;
  return TEXT_ROLES.has(element.getAttribute('role') ?? '');
}

function isSlider(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  if (tag === 'input' && element.getAttribute('type') === 'range') return true;
  return element.getAttribute('role') === 'slider';
}

function isPressable(element: Element): { press: boolean; arrows: boolean } {
  const tag = element.tagName.toLowerCase();
  const role = element.getAttribute('role') ?? '';
  const type = (element.getAttribute('type') ?? '').toLowerCase();
  if (tag === 'input' && (type === 'radio' || type === 'checkbox')) return { press: true, arrows: type === 'radio' };
  if (PRESS_ROLES.has(role)) return { press: true, arrows: ARROW_ROLES.has(role) };
  if (tag === 'button' || tag === 'summary' || tag === 'input') return { press: true, arrows: false };
  if (tag === 'a' && element.hasAttribute('href')) return { press: true, arrows: false };
  return { press: false, arrows: false };
}

/** True when the key belongs to the focused control (or a dialog), not to the page. */
export function focusOwnsKey(event: ShortcutKeyEvent): boolean {
  if (event.defaultPrevented) return true;
  const target = event.target;
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as Element;
  if (element.closest('dialog[open]')) return true;
  if (isTextEntry(element)) return true;
  const chord = event.ctrlKey || event.metaKey;
  if (element.tagName.toLowerCase() === 'select') return !chord;
  if (isSlider(element) && !chord && SLIDER_KEYS.has(event.key)) return true;
  const { press, arrows } = isPressable(element);
  if (press && !chord && PRESS_KEYS.has(event.key)) return true;
  return arrows && !chord && ARROW_KEYS.has(event.key);
}

/**
 * Where a single-character shortcut (F, Shift+F, [ ], + - 0, a lesson's 1 2 3) is heard: the
 * chart with its playback controls, a lesson's card (whose question the number keys answer),
 * and the page itself when nothing has the focus. Typed while another control has it (the
 * Learn or Scenario menu, the Course button, a panel's field or button), such a key is stray
 * typing, not a command: it must not change the night or the mode (WCAG 2.1.4: a character
 * key shortcut active only where its component has the focus).
 */
const SINGLE_KEY_SCOPE = '.timeline-section, .lesson-player';

/** True when the focus is on a control outside the single-character shortcuts' scope. */
export function strayForSingleKey(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as Element;
  const page = element.ownerDocument;
  if (element === page.body || element === page.documentElement) return false;
  return element.closest(SINGLE_KEY_SCOPE) === null;
}

/**
 * The options every page shortcut passes to `useHotkeys`: heard from every focus, then
 * filtered by `focusOwnsKey` (the library's own filter would drop keys on every slider).
 * `scope: 'chart'` is for single-character keys: heard only within `SINGLE_KEY_SCOPE`.
 */
export function pageShortcutOptions(enabled = true, scope: 'page' | 'chart' = 'page') {
  const ignoreEventWhen =
    scope === 'page'
      ? focusOwnsKey
      : (event: ShortcutKeyEvent) => focusOwnsKey(event) || strayForSingleKey(event.target);
  return { enabled, enableOnFormTags: true, ignoreEventWhen } as const;
}
