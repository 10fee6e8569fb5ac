import { expect, type Page, test } from '@playwright/test';
import { appTookOver, timeMs } from './support/leaseline';

/**
 * The playhead in Arabic. The page mirrors, the chart's time axis rightly stays left to
 * right, and so does the playhead slider: at the night's start its handle is at the left,
 * and moving it right (a drag, or the right arrow) moves time forward, with the chart.
 */

const playheadInput = (page: Page) => page.locator('input.panels-playhead');
const ARABIC_DIGITS = /[\u0660-\u0669]/g;
const western = (text: string) => text.replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) - 0x0660));
const playheadAt = async (page: Page) =>
  timeMs(western((await playheadInput(page).getAttribute('aria-valuetext')) ?? ''));

test('in Arabic the playhead starts at the left and moving it right advances time', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await appTookOver(page);
  const input = playheadInput(page);
  await input.scrollIntoViewIfNeeded();
  await expect(input).toBeVisible();
  const box = await input.boundingBox();
  if (!box) throw new Error('no playhead');
  const start = Number(await input.getAttribute('min'));
  const end = Number(await input.getAttribute('max'));
  expect(Number(await input.inputValue())).toBe(start);
  await page.screenshot({ path: 'test-results/shots/arabic-playhead-start-1280.png' });

  // The handle at the start is at the left end: pressing there keeps the night's start.
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 3, y);
  await page.mouse.down();
  expect(Number(await input.inputValue()) - start).toBeLessThan((end - start) * 0.02);
  // Dragged right, time goes forward, step by step.
  let previous = Number(await input.inputValue());
  for (const fraction of [0.25, 0.5, 0.75]) {
    await page.mouse.move(box.x + box.width * fraction, y, { steps: 4 });
    const now = Number(await input.inputValue());
    expect(now).toBeGreaterThan(previous);
    previous = now;
  }
  await page.mouse.up();
  // About three quarters of the night, as the chart's axis has it left to right.
  expect((previous - start) / (end - start)).toBeGreaterThan(0.6);
  expect(western((await input.getAttribute('aria-valuetext')) ?? '')).toMatch(/^\d\d:\d\d/);
  await page.screenshot({ path: 'test-results/shots/arabic-playhead-dragged-1280.png' });

  // The right arrow moves time forward too, the left arrow back.
  const before = await playheadAt(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => playheadAt(page)).toBeGreaterThan(before);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => playheadAt(page)).toBeLessThan(before);
});
