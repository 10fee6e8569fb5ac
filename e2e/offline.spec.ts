import { expect, test } from '@playwright/test';
import { appTookOver, chooseLearn, choosePreset, openPlayground, verdict } from './support/leaseline';

/**
 * Offline: after one visit the service worker has precached the app, so with the network gone
 * the page still opens, simulates and switches presets; and the parts that load on demand
 * (the presentation, the exercise, the course map, EX05) open too, from the precache.
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
  await expect(page.getByRole('region', { name: /^Lesson 5:/ })).toContainText('Step 1 of 7');

  // Each of these is a chunk of its own, fetched the first time it shows: offline it comes
  // from the precache, never as "could not be loaded".
  await page.goto('/#lesson=l5&step=3&present=1');
  await page.reload();
  await expect(page.getByRole('main', { name: 'Presentation' })).toBeVisible();
  await expect(page.locator('.present-step-of')).toContainText('step 3 of 7');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main', { name: 'Presentation' })).toHaveCount(0);
  await page.goto('/#exercise=ex03');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Exercise EX03: the timeline of an unsafe lease' })).toBeVisible();
  await page.getByRole('button', { name: 'Course', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Course map' })).toBeVisible();
  await page.keyboard.press('Escape');
  await chooseLearn(page, 'EX05: lockAtMostFor and lockAtLeastFor');
  await expect(page.getByRole('region', { name: 'EX05: lockAtMostFor and lockAtLeastFor' })).toBeVisible();
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
  await context.setOffline(false);
});

/**
 * The worker's install fetches and stores the whole build, which takes the machine's other core
 * for a moment: it waits until the page has been left alone for 3 s, never under a drag
 * (src/app/offline/afterQuietSpell.ts).
 */
test('the service worker installs only once the page is left alone, not during a drag', async ({ page }) => {
  // Until the drag begins, a key every 300 ms (on window, where the app's shortcuts do not
  // listen) keeps the page busy: however slowly the page starts here, the quiet spell cannot
  // end before the person grabs the pause.
  await page.addInitScript(() => {
    const busy = window.setInterval(() => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' })), 300);
    (window as unknown as { __stopBusy: () => void }).__stopBusy = () => window.clearInterval(busy);
  });
  await openPlayground(page);
  await appTookOver(page);
  const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined);
  expect(await registered()).toBe(false);
  // A person grabs A's pause and holds it, moving it now and then, for 5 s.
  const edge = page.getByRole('slider', { name: 'Pause, replica A' }).first().locator('[data-drag="end"]');
  const box = await edge.boundingBox();
  if (!box) throw new Error('no pause edge to drag');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => (window as unknown as { __stopBusy: () => void }).__stopBusy());
  for (let step = 1; step <= 5; step++) {
    await page.mouse.move(box.x + box.width / 2 + 4 * step, box.y + box.height / 2);
    await page.waitForTimeout(1000);
  }
  expect(await registered()).toBe(false);
  await page.mouse.up();
  // Let go, the page is left alone: the worker installs and takes the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(await registered()).toBe(true);
});
