import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { DigitsSetting } from '../components/DigitsSetting';
import { useModalDialog } from '../components/useModalDialog';
import { preferences } from '../state/preferences';

/** Key names that are words (translated); anything else is shown as the character itself. */
const NAMED_KEYS = [
  'arrows',
  'shift',
  'ctrl',
  'cmd',
  'pageUp',
  'pageDown',
  'delete',
  'backspace',
  'space',
  'esc',
] as const;
type NamedKey = (typeof NAMED_KEYS)[number];
const named: ReadonlySet<string> = new Set(NAMED_KEYS);

type ShortcutAction =
  | 'help'
  | 'move'
  | 'moveTen'
  | 'resize'
  | 'remove'
  | 'undo'
  | 'redo'
  | 'play'
  | 'step'
  | 'stepMoment'
  | 'zoom'
  | 'fencing'
  | 'findFailure'
  | 'closePanel'
  | 'answer'
  | 'slides'
  | 'blank'
  | 'fullScreen'
  | 'close';

/** One shortcut: alternatives (each a chord of keys pressed together) and what it does. */
const SHORTCUTS: readonly { readonly keys: readonly (readonly string[])[]; readonly action: ShortcutAction }[] = [
  { keys: [['?']], action: 'help' },
  { keys: [['arrows']], action: 'move' },
  { keys: [['pageUp'], ['pageDown']], action: 'moveTen' },
  { keys: [['shift', 'arrows']], action: 'resize' },
  { keys: [['delete'], ['backspace']], action: 'remove' },
  {
    keys: [
      ['ctrl', 'Z'],
      ['cmd', 'Z'],
    ],
    action: 'undo',
  },
  {
    keys: [
      ['ctrl', 'shift', 'Z'],
      ['cmd', 'shift', 'Z'],
    ],
    action: 'redo',
  },
  { keys: [['space']], action: 'play' },
  { keys: [['['], [']']], action: 'step' },
  {
    keys: [
      ['shift', '['],
      ['shift', ']'],
    ],
    action: 'stepMoment',
  },
  { keys: [['+'], ['-'], ['0']], action: 'zoom' },
  { keys: [['F']], action: 'fencing' },
  { keys: [['shift', 'F']], action: 'findFailure' },
  { keys: [['esc']], action: 'closePanel' },
  { keys: [['1'], ['2'], ['3']], action: 'answer' },
  { keys: [['arrows'], ['pageUp'], ['pageDown'], ['space']], action: 'slides' },
  { keys: [['B']], action: 'blank' },
  { keys: [['F']], action: 'fullScreen' },
  { keys: [['esc']], action: 'close' },
];

interface ShortcutsDialogProps {
  readonly open: boolean;
  /** The dialog closed (Escape, the Close button); set `open` to false. */
  readonly onClose: () => void;
}

/**
 * The list of keyboard shortcuts in a native modal <dialog>: the browser traps focus and
 * makes the page behind it inert. Whatever had focus when it opened gets it back when it
 * closes, however it closes.
 */
export function ShortcutsDialog({ open, onClose }: ShortcutsDialogProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const { dialogRef, onDialogClose, onKeyDown, close } = useModalDialog(open, onClose);
  const singleKey = useStore(preferences, (state) => state.singleKeyShortcuts);
  const keyName = (key: string) => (named.has(key) ? t(`panels.shortcuts.key.${key as NamedKey}`) : key);

  return (
    <dialog
      ref={dialogRef}
      className="panels-dialog panels-dialog--columns panels-dialog--shortcuts"
      aria-labelledby={headingId}
      onClose={onDialogClose}
      onKeyDown={onKeyDown}
    >
      <h2 id={headingId}>{t('panels.shortcuts.heading')}</h2>
      {/* The table scrolls, not the dialog (dialog.css, `.panels-dialog--columns`). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard. */}
      <section className="panels-dialog-scroll" aria-labelledby={headingId} tabIndex={0}>
        <table className="panels-shortcuts">
          <thead>
            <tr>
              <th scope="col">{t('panels.shortcuts.col.keys')}</th>
              <th scope="col">{t('panels.shortcuts.col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map(({ keys, action }) => (
              <tr key={action}>
                <td>
                  {keys.map((chord, index) => (
                    <span key={chord.join('+')}>
                      {index > 0 ? t('panels.shortcuts.or') : null}
                      {chord.map((key, position) => (
                        <span key={key}>
                          {position > 0 ? '+' : null}
                          <kbd>{keyName(key)}</kbd>
                        </span>
                      ))}
                    </span>
                  ))}
                </td>
                <td>{t(`panels.shortcuts.action.${action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <label className="panels-check">
        <input
          type="checkbox"
          checked={singleKey}
          onChange={(event) => preferences.getState().set({ singleKeyShortcuts: event.currentTarget.checked })}
        />{' '}
        {t('panels.shortcuts.singleKey')}
      </label>
      <p className="panels-hint">{t('panels.shortcuts.singleKeyHint')}</p>
      <DigitsSetting />
      <button type="button" className="panels-button" onClick={close}>
        {t('panels.shortcuts.close')}
      </button>
    </dialog>
  );
}
