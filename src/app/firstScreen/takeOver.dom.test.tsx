import { afterEach, describe, expect, it, vi } from 'vitest';
import { freezeFirstScreen, holdFirstScreen, pageReady, takeOverFirstScreen } from './takeOver';

/** index.html as the build writes it: the first screen, then the app's empty #root. */
function builtPage(): HTMLElement {
  document.body.innerHTML =
    '<div id="first-screen"><p>the flagship</p></div>' +
    '<div id="first-screen-status" role="status"><p>Starting</p></div><div id="root"></div>';
  document.documentElement.setAttribute('data-first-screen', 'night');
  document.documentElement.setAttribute('data-first-screen-language', 'ar');
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.removeAttribute('data-first-screen');
  document.documentElement.removeAttribute('data-first-screen-language');
  document.body.innerHTML = '';
});

describe('the app takes the page over from the prerendered first screen', () => {
  it('keeps the first screen while the chart is still empty, and removes it once it is drawn', async () => {
    const root = builtPage();
    takeOverFirstScreen(document, root);
    root.innerHTML = '<main><svg class="timeline"></svg></main>';
    await flush();
    expect(document.getElementById('first-screen')).not.toBeNull();
    expect(document.documentElement.getAttribute('data-first-screen')).toBe('night');
    root.querySelector('svg')?.append(document.createElementNS('http://www.w3.org/2000/svg', 'g'));
    await flush();
    expect(document.getElementById('first-screen')).toBeNull();
    expect(document.getElementById('first-screen-status')).toBeNull();
    expect(document.documentElement.hasAttribute('data-first-screen')).toBe(false);
    // Only the first screen's rules read it: it goes with them (lang and dir stay, the app's own).
    expect(document.documentElement.hasAttribute('data-first-screen-language')).toBe(false);
  });

  it('gives way to a page with no chart (a crash, a view still loading)', async () => {
    const root = builtPage();
    takeOverFirstScreen(document, root);
    root.innerHTML = '<div role="alert">Something broke</div>';
    await flush();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('gives way after a while even when nothing is drawn', () => {
    vi.useFakeTimers();
    const root = builtPage();
    takeOverFirstScreen(document, root, 100);
    vi.advanceTimersByTime(100);
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('once the script runs, takes it out of the accessibility tree, restyling nothing', () => {
    document.body.innerHTML =
      '<div id="first-screen"><div class="a" style="display: none">short</div><div class="b">tall</div></div>' +
      '<div id="root"></div>';
    holdFirstScreen(document);
    const firstScreen = document.getElementById('first-screen') as HTMLElement;
    expect(firstScreen.getAttribute('aria-hidden')).toBe('true');
    expect([...firstScreen.children].map((child) => child.className)).toEqual(['a', 'b']);
    expect(firstScreen.inert).toBe(false);
  });

  it('after the first paint, keeps only the variant the window shows, inert', () => {
    document.body.innerHTML =
      '<div id="first-screen"><div class="a" style="display: none">short</div><div class="b">tall</div></div>' +
      '<div id="root"></div>';
    holdFirstScreen(document);
    freezeFirstScreen(document);
    const firstScreen = document.getElementById('first-screen') as HTMLElement;
    expect([...firstScreen.children].map((child) => child.className)).toEqual(['b']);
    expect(firstScreen.inert).toBe(true);
    expect(firstScreen.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the starting status at once when the person presses the pointer or a key before the app is there', () => {
    for (const input of [
      new PointerEvent('pointerdown', { bubbles: true }),
      new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }),
    ]) {
      builtPage();
      holdFirstScreen(document);
      const status = document.getElementById('first-screen-status') as HTMLElement;
      expect(status.classList.contains('first-screen-status--asked')).toBe(false);
      document.getElementById('first-screen')?.dispatchEvent(input);
      expect(status.classList.contains('first-screen-status--asked')).toBe(true);
    }
  });

  it("leaves the page alone once the first screen is gone: input then is the app's", async () => {
    const root = builtPage();
    holdFirstScreen(document);
    takeOverFirstScreen(document, root);
    root.innerHTML = '<main><svg class="timeline"><g></g></svg></main>';
    await flush();
    expect(document.getElementById('first-screen-status')).toBeNull();
    // The listeners are still there until the first input, which finds no status and removes them.
    const spy = vi.spyOn(document, 'removeEventListener');
    root.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockClear();
    root.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('does nothing on a page without a first screen (npm run dev)', () => {
    expect(() => holdFirstScreen(document)).not.toThrow();
    expect(() => freezeFirstScreen(document)).not.toThrow();
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root') as HTMLElement;
    expect(() => takeOverFirstScreen(document, root)).not.toThrow();
    expect(pageReady(root)).toBe(false);
  });
});
