/**
 * Which way a key moves the slides, in the reading direction of the page. Pure. A clicker's
 * Page Down and Space go next and Page Up goes back in every language; the arrows follow the
 * reading direction, as the buttons' arrows and the key hints do: in a left-to-right page
 * → is next and ← is previous, in a right-to-left page (Arabic) ← is next and → is previous,
 * since the next slide lies where the reader's eye goes.
 */
export type SlideStep = 'next' | 'previous';

const BOTH_DIRECTIONS: Readonly<Record<string, SlideStep>> = {
  PageDown: 'next',
  ' ': 'next',
  Spacebar: 'next',
  PageUp: 'previous',
};

/** The step a key takes in a page of `direction`, or null for a key that does not move slides. */
export function slideStepOfKey(key: string, direction: 'ltr' | 'rtl'): SlideStep | null {
  const either = BOTH_DIRECTIONS[key];
  if (either !== undefined) return either;
  const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return 'next';
  if (key === back) return 'previous';
  return null;
}

/** The arrows drawn on the Previous and Next buttons: each points the way its step goes. */
export function slideArrows(direction: 'ltr' | 'rtl'): { readonly previous: string; readonly next: string } {
  return direction === 'rtl' ? { previous: '→', next: '←' } : { previous: '←', next: '→' };
}
