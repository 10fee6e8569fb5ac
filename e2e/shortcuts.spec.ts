import { expect, type Page, test } from '@playwright/test';
import { appTookOver, dragBy, openPlayground, pauseOfA, playhead, playheadMs, verdict } from './support/leaseline';

/**
 * Every page shortcut works with an event on the chart focused, which is the state right
 * after a person drags it with the mouse or moves it with the arrow keys. The hotkey library
 * ignores keys on sliders by default, and every event on the chart is a slider: these tests
 * press each shortcut with the focus still on the event just moved.
 */

const ORIGINAL = '02:01:30 to 02:07:30';

/** The two ways a person moves an event; both leave the focus on it. */
const MOVES: Record<string, (page: Page) => Promise<void>> = {
  'dragged with the mouse': async (page) => {
    await dragBy(page, pauseOfA(page), 60);
  },
  'moved with an arrow key': async (page) => {
    await pauseOfA(page).focus();
    await page.keyboard.press('ArrowRight');
  },
};

const tickLabels = (page: Page) =>
  page.locator('svg.timeline .tl-tick-label').evaluateAll((nodes) => nodes.map((node) => node.textContent).join(' '));

/** Each shortcut: its keys, and what a person sees it do. */
const SHORTCUTS: Record<string, (page: Page, moved: string) => Promise<void>> = {
  'Ctrl+Z undoes the move': async (page) => {
    await page.keyboard.press('ControlOrMeta+z');
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', ORIGINAL);
  },
  'Ctrl+Shift+Z redoes it': async (page, moved) => {
    await page.keyboard.press('ControlOrMeta+z');
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', ORIGINAL);
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', moved);
  },
  'Ctrl+Y redoes it': async (page, moved) => {
    await page.keyboard.press('ControlOrMeta+z');
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', ORIGINAL);
    await page.keyboard.press('Control+y');
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', moved);
  },
  'F turns fencing on and off': async (page) => {
    const fencing = page.getByRole('switch', { name: 'Fencing' });
    const before = await fencing.getAttribute('aria-checked');
    await page.keyboard.press('f');
    await expect(fencing).not.toHaveAttribute('aria-checked', before ?? '');
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', before ?? '');
  },
  '? lists the shortcuts': async (page) => {
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    // Opened, it shows its heading and its Close button; the table between them scrolls, and
    // has the focus, so the keys scroll it.
    await expect(dialog.getByRole('region', { name: 'Keyboard shortcuts' })).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
    await page.keyboard.press('End');
    await expect(dialog.getByRole('row').last()).toBeInViewport();
    await expect(dialog.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInViewport();
  },
  'Space plays and pauses': async (page) => {
    const at = await playheadMs(page);
    await page.keyboard.press('Space');
    const playback = page.getByRole('group', { name: 'Playback' });
    await expect(playback.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(at);
    await page.keyboard.press('Space');
    await expect(playback.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  },
  '] and [ step the playhead between events': async (page) => {
    const at = await playheadMs(page);
    await page.keyboard.press(']');
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(at);
    const after = await playheadMs(page);
    await page.keyboard.press('[');
    await expect.poll(() => playheadMs(page)).toBeLessThan(after);
  },
  'Shift+] and Shift+[ step between key moments': async (page) => {
    const at = await playheadMs(page);
    await page.keyboard.press('Shift+BracketRight');
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(at);
    // The first moment is the grant at the window's start: a second one, so [ has one before.
    const first = await playheadMs(page);
    await page.keyboard.press('Shift+BracketRight');
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(first);
    const after = await playheadMs(page);
    await page.keyboard.press('Shift+BracketLeft');
    await expect.poll(() => playheadMs(page)).toBeLessThan(after);
  },
  '+, - and 0 zoom the chart': async (page) => {
    const home = await tickLabels(page);
    await page.keyboard.press('+');
    await expect.poll(() => tickLabels(page)).not.toBe(home);
    const zoomed = await tickLabels(page);
    await page.keyboard.press('-');
    await expect.poll(() => tickLabels(page)).not.toBe(zoomed);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(() => tickLabels(page)).not.toBe(home);
    await page.keyboard.press('0');
    await expect.poll(() => tickLabels(page)).toBe(home);
  },
};

for (const [move, doMove] of Object.entries(MOVES)) {
  test.describe(`with the pause ${move}`, () => {
    for (const [name, press] of Object.entries(SHORTCUTS)) {
      test(name, async ({ page }) => {
        await openPlayground(page);
        await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', ORIGINAL);
        await doMove(page);
        await expect(pauseOfA(page)).not.toHaveAttribute('aria-valuetext', ORIGINAL);
        // The event keeps the focus after the move: that is the state the shortcut meets.
        await expect(pauseOfA(page)).toBeFocused();
        const moved = (await pauseOfA(page).getAttribute('aria-valuetext')) ?? '';
        await press(page, moved);
      });
    }
  });
}

test('the arrows and Delete on a focused event stay the event’s own, and act once', async ({ page }) => {
  await openPlayground(page);
  await pauseOfA(page).focus();
  await page.keyboard.press('Shift+ArrowRight');
  // Shift+arrows lengthen the event; the page's pan does not run as well.
  await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:40');
  const events = page.locator('[data-event-index]');
  const count = await events.count();
  await page.keyboard.press('Delete');
  await expect(events).toHaveCount(count - 1);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(events).toHaveCount(count);
});

test('a text field keeps its keys: typing F or Ctrl+Z there does not reach the page', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  const field = page.getByRole('textbox', { name: 'Your explanation' });
  await field.click();
  const fencing = page.getByRole('switch', { name: 'Fencing' });
  const before = await fencing.getAttribute('aria-checked');
  await page.keyboard.type('f');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(fencing).toHaveAttribute('aria-checked', before ?? '');
  await expect(verdict(page)).toBeVisible();
});

test('a number key answers the lesson’s question with an event focused by a click', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#lesson=l4&step=2');
  const player = page.getByRole('region', { name: 'Lesson 4: Fencing tokens' });
  await expect(player.getByText('Step 2 of 11')).toBeVisible();
  // Moving an event would change the step's night and end its question: a click focuses it.
  const event = page.locator('[data-event-index]').first();
  await event.click();
  await expect(event).toBeFocused();
  await page.keyboard.press('2');
  await expect(page.getByText(/^You predicted “Rejected as stale”/)).toBeVisible();
  await expect(playhead(page)).toBeVisible();
});

test('at 1920x1080 the whole list of shortcuts shows without scrolling, in English and in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const [path, button, heading, last] of [
    ['/', 'Shortcuts (?)', 'Keyboard shortcuts', 'Close this list'],
    ['/?lang=ar', 'الاختصارات (?)', 'اختصارات لوحة المفاتيح', 'إغلاق هذه القائمة'],
  ] as const) {
    await page.goto(path);
    await appTookOver(page);
    await page.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: heading });
    const list = dialog.getByRole('region', { name: heading });
    await expect(list).toBeFocused();
    // Nothing of the list is hidden below its fold: its last row is in view as it opens.
    await expect(dialog.getByRole('row', { name: new RegExp(last) })).toBeInViewport({ ratio: 1 });
    expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
