import { expect, type Page, test } from '@playwright/test';
import { shot, shotAtTwoSizes } from './support/leaseline';

/**
 * No spoilers (issue 12, defect 6): a learner opens lesson 4 and reads step 1, the flagship
 * before the question. Nothing on the page may already say what happens to A's token-7 write
 * that step 2 asks about: not the verdict, not the panels, not the chart after 02:07:50. Then
 * Next, the question, a prediction, and the answer is shown.
 */

const verdictRegion = (page: Page) => page.locator('.verdict-text[role="status"]');

test('lesson 4: step 1 keeps the answer of step 2 hidden; predicting at step 2 shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#lesson=l4');
  const lesson = page.getByRole('region', { name: /^Lesson 4/ });
  await expect(lesson).toContainText('Step 1 of 11');
  await expect(verdictRegion(page)).toHaveText('Verdict hidden: step 2 asks about this night.');
  await expect(page.getByText(/applied twice|token 7 .*accepted/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Violations/ })).toHaveCount(0);
  await expect(page.locator('svg.timeline g.tl-curtain')).toHaveCount(1);
  await expect(page.locator('svg.timeline')).toContainText('Hidden until step 2 asks');
  await expect(page.locator('svg.timeline .tl-write--masked')).toHaveAttribute(
    'aria-label',
    'Write of order 1003 by A, token 7, result hidden',
  );
  await shotAtTwoSizes(page, 'spoilers-l4-s1');

  await lesson.getByRole('button', { name: 'Next' }).click();
  await expect(lesson).toContainText('Step 2 of 11');
  await expect(lesson).toContainText("What happens to A's token-7 write?");
  await expect(verdictRegion(page)).toHaveText('Verdict hidden until you predict.');
  await page.keyboard.press('1');
  await expect(lesson).toContainText('the night shows “Accepted: storage applies it”. Right.');
  await expect(verdictRegion(page)).toHaveText(/^Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00/);

  // Back to step 1 after answering: it still keeps step 2's night for step 2.
  await lesson.getByRole('button', { name: 'Previous' }).click();
  await expect(verdictRegion(page)).toHaveText('Verdict hidden: step 2 asks about this night.');
});

test('lesson 5 step 4 in presentation mode hides the verdict that step 5 asks for', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/#lesson=l5&step=4&present=1');
  await expect(page.getByRole('main', { name: 'Presentation' })).toBeVisible();
  await expect(verdictRegion(page)).toHaveText('Verdict hidden: step 5 asks about this night.');
  await expect(page.getByText(/applied twice/)).toHaveCount(0);
  await shot(page, 'spoilers-l5-s4-present');
});
