import { describe, expect, it } from 'vitest';
import { focusOwnsKey, isTextEntry, strayForSingleKey } from './shortcutFocus';

function element(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const first = host.firstElementChild;
  if (!first) throw new Error('no element');
  return first.querySelector('[data-target]') ?? first;
}

const press = (target: Element, key: string, chord = false) =>
  focusOwnsKey({ key, ctrlKey: chord, metaKey: false, defaultPrevented: false, target });

describe('focusOwnsKey', () => {
  it('leaves every page shortcut to the page on an event slider, but its own arrows and Page keys', () => {
    const slider = element('<svg><g role="slider" tabindex="0" data-event-index="0" data-target></g></svg>');
    for (const key of ['f', '?', ' ', '[', ']', '+', '-', '0', '1']) expect(press(slider, key)).toBe(false);
    expect(press(slider, 'z', true)).toBe(false);
    for (const key of ['ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End'])
      expect(press(slider, key)).toBe(true);
  });

  it('gives a text field every key, chords included', () => {
    for (const html of ['<input>', '<input type="search">', '<textarea></textarea>', '<div role="textbox"></div>']) {
      const field = element(html);
      expect(isTextEntry(field)).toBe(true);
      expect(press(field, 'f')).toBe(true);
      expect(press(field, 'z', true)).toBe(true);
    }
  });

  it('gives a button Space and Enter, and nothing else', () => {
    const button = element('<button type="button">Play</button>');
    expect(press(button, ' ')).toBe(true);
    expect(press(button, 'Enter')).toBe(true);
    expect(press(button, 'f')).toBe(false);
    expect(press(button, 'z', true)).toBe(false);
  });

  it('gives a closed select its letters and arrows, not the chords', () => {
    const select = element('<select><option>a</option></select>');
    expect(press(select, 'f')).toBe(true);
    expect(press(select, 'ArrowDown')).toBe(true);
    expect(press(select, 'z', true)).toBe(false);
  });

  it('keeps arrows in a radio group or a menu, but lets letters through', () => {
    const radio = element('<input type="radio">');
    expect(press(radio, 'ArrowDown')).toBe(true);
    expect(press(radio, 'f')).toBe(false);
    const item = element('<div role="menu"><div role="menuitem" data-target></div></div>');
    expect(press(item, 'ArrowDown')).toBe(true);
    expect(press(item, '1')).toBe(false);
  });

  it('leaves a key a control already handled, and every key inside an open dialog', () => {
    const slider = element('<div role="slider" tabindex="0"></div>');
    expect(
      focusOwnsKey({ key: 'Delete', ctrlKey: false, metaKey: false, defaultPrevented: true, target: slider }),
    ).toBe(true);
    const inDialog = element('<dialog open><button data-target>Close</button></dialog>');
    expect(press(inDialog, 'f')).toBe(true);
  });

  it('lets a key on the page itself (no control focused) through', () => {
    expect(press(document.body, 'f')).toBe(false);
  });
});

describe('strayForSingleKey', () => {
  it('hears single-character keys from the chart, its playback controls, a lesson card and the page itself', () => {
    const event = element('<section class="timeline-section"><svg><g role="slider" data-target></g></svg></section>');
    const play = element(
      '<section class="timeline-section"><fieldset><button data-target>Play</button></fieldset></section>',
    );
    const answer = element('<section class="lesson-player"><button data-target>Next</button></section>');
    for (const target of [event, play, answer, document.body, null]) expect(strayForSingleKey(target)).toBe(false);
  });

  it('takes them for stray typing on any other control: a menu, the course button, a panel field', () => {
    const learn = element('<div class="choice-menu lesson-menu"><button data-target>Learn</button></div>');
    const course = element('<header><button data-target>Course</button></header>');
    const select = element('<div class="panel"><select data-target><option>1s</option></select></div>');
    for (const target of [learn, course, select]) expect(strayForSingleKey(target)).toBe(true);
  });
});
