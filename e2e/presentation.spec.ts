import { expect, type Page, test } from '@playwright/test';
import { shot } from './support/leaseline';

/**
 * Presentation mode as a presenter uses it: Esc leaves full screen first, then the
 * presentation, back to the lesson at the same step; on-screen Previous and Next buttons;
 * a click on the slide's empty area goes next, as slide software does.
 */

const presentation = (page: Page) => page.getByRole('main', { name: 'Presentation' });
const stepOf = (page: Page) => page.locator('.present-step-of');
const slides = (page: Page) => page.getByRole('navigation', { name: 'Slides' });
const lessonCard = (page: Page) =>
  page.getByRole('region', { name: 'Lesson 5: A nightly job once across three replicas' });
const isFullscreen = (page: Page) => page.evaluate(() => document.fullscreenElement !== null);

test('Esc leaves full screen first, then the presentation, back to the lesson at the same step', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#lesson=l5&step=2&present=1');
  await expect(stepOf(page)).toContainText('step 2 of 7');
  await page.keyboard.press('f');
  await expect.poll(() => isFullscreen(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => isFullscreen(page)).toBe(false);
  await expect(presentation(page)).toBeVisible();
  await expect(stepOf(page)).toContainText('step 2 of 7');
  await page.keyboard.press('Escape');
  await expect(presentation(page)).toHaveCount(0);
  await expect(lessonCard(page)).toContainText('Step 2 of 7');
  await expect(page).toHaveURL(/#lesson=l5&step=2$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Presentation ended: the lesson goes on here at step 2.' }),
  ).toBeVisible();
  await shot(page, 'presentation-left');
});

test('the on-screen buttons go next and back, and back to the lesson', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#lesson=l5&step=4&present=1');
  await expect(stepOf(page)).toContainText('step 4 of 7');
  await shot(page, 'presentation-buttons');
  // In English the arrows point the reading way: → next, ← previous, on the buttons and the keys.
  await expect(slides(page).getByRole('button', { name: 'Next' })).toHaveText('Next →');
  await expect(slides(page).getByRole('button', { name: 'Previous' })).toHaveText('← Previous');
  await page.keyboard.press('ArrowRight');
  await expect(stepOf(page)).toContainText('step 5 of 7');
  await page.keyboard.press('ArrowLeft');
  await expect(stepOf(page)).toContainText('step 4 of 7');
  await slides(page).getByRole('button', { name: 'Next' }).click();
  await expect(stepOf(page)).toContainText('step 5 of 7');
  await slides(page).getByRole('button', { name: 'Previous' }).click();
  await expect(stepOf(page)).toContainText('step 4 of 7');
  // Space on the focused Previous button presses it; it does not go next.
  await slides(page).getByRole('button', { name: 'Next' }).click();
  await slides(page).getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Space');
  await expect(stepOf(page)).toContainText('step 4 of 7');
  await slides(page).getByRole('button', { name: 'Back to the lesson' }).click();
  await expect(page.getByRole('main', { name: 'Presentation' })).toHaveCount(0);
  await expect(lessonCard(page)).toContainText('Step 4 of 7');
});

test('a click on the slide’s empty area goes next; a click on the chart does not', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#lesson=l5&step=4&present=1');
  await expect(stepOf(page)).toContainText('step 4 of 7');
  await page.locator('.present-caption').click();
  await expect(stepOf(page)).toContainText('step 5 of 7');
  const chart = await page.locator('svg.timeline').boundingBox();
  if (!chart) throw new Error('no chart');
  await page.mouse.click(chart.x + chart.width / 2, chart.y + 10);
  await expect(stepOf(page)).toContainText('step 5 of 7');
  // A blanked screen comes back with a click, without moving on.
  await page.keyboard.press('b');
  await expect(page.locator('.present-blank')).toBeVisible();
  await page.mouse.click(640, 360);
  await expect(page.locator('.present-blank')).toHaveCount(0);
  await expect(stepOf(page)).toContainText('step 5 of 7');
  await shot(page, 'presentation');
});
