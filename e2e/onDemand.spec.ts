import { expect, test } from '@playwright/test';
import { shotAtTwoSizes, verdict } from './support/leaseline';

/**
 * Parts that load on demand (src/app/components/onDemand.tsx), when their chunk cannot
 * arrive: the page says so where the part would be, the rest of the page goes on working,
 * and "Try again" fetches the part anew. The service worker is kept out, so the chunk's
 * request is the page's own and can be made to fail.
 */
test.use({ serviceWorkers: 'block' });

test('a part that cannot load says so, the page goes on, and Try again loads it', async ({ page }) => {
  let failing = true;
  await page.route(/\/assets\/ExercisePanel-[^/]+\.js$/, (route) => (failing ? route.abort() : route.continue()));
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#exercise=ex03');

  const failed = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded' });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Check the connection, then try again.');
  // Only the exercise panel is missing: the night, its verdict and the chart are there.
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(page.locator('svg.timeline')).toBeVisible();
  await shotAtTwoSizes(page, 'on-demand-failed');

  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Exercise EX03: the timeline of an unsafe lease' })).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeVisible();
});
