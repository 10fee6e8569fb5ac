import { expect, test } from '@playwright/test';
import { choosePreset, openPlayground, verdict } from './support/leaseline';

/**
 * Offline: after one visit the service worker has precached the app, so with the network gone
 * the page still opens, simulates and switches presets.
 */
test('after one visit the playground opens and works with the network gone', async ({ page, context }) => {
  await openPlayground(page);
  // The worker installs and precaches the build; wait until it controls a page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(verdict(page)).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
  await choosePreset(page, 's07-fencing-on');
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  // A share link opens offline too: the scenario is in the address, nothing is fetched.
  await page.goto('/#lesson=l5&step=1');
  await expect(page.locator('svg.timeline')).toBeVisible();
  await context.setOffline(false);
});
