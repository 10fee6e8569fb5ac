import { expect, test } from '@playwright/test';
import { appTookOver, shot, timeline, verdict } from './support/leaseline';

/**
 * The order of a first visit (issue 26, item 1): the browser paints the prerendered first
 * screen before the app's JavaScript is even requested. index.html's entry (src/app/boot.ts)
 * is a few kB; the app (`main-*.js` and the `app-*.js` chunk it shares with the embed: React,
 * the engine, the timeline) is imported by the entry, not preloaded by the page, and only
 * after the first contentful paint is recorded (firstScreen/afterFirstPaint.ts, unit-tested
 * beside it). Then the app takes the page over and works as always.
 */
test('the app is requested only after the first screen has been painted, then takes the page over', async ({
  page,
}) => {
  await page.goto('/');
  await expect(verdict(page)).toBeVisible();
  await expect(timeline(page).locator('g').first()).toBeAttached();
  const order = await page.evaluate(() => ({
    paintMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    firstScreenLeft: document.getElementById('first-screen') === null,
    app: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/(main|app)-[^/]+\.js$/.test(entry.name))
      .map((entry) => ({ file: entry.name.replace(/^.*\/assets\//, ''), startMs: entry.startTime })),
  }));
  expect(order.paintMs).not.toBeNull();
  expect(order.app.map((chunk) => chunk.file.split('-')[0]).sort()).toEqual(['app', 'main']);
  for (const chunk of order.app) expect(chunk.startMs, chunk.file).toBeGreaterThanOrEqual(order.paintMs ?? Infinity);
  expect(order.firstScreenLeft).toBe(true);
  // The app it loaded is the live one: a key press on the chart moves a pause.
  const pause = page.getByRole('slider', { name: 'Pause, replica A' }).first();
  const before = await pause.getAttribute('aria-valuetext');
  await pause.focus();
  await page.keyboard.press('ArrowRight');
  await expect(pause).not.toHaveAttribute('aria-valuetext', before ?? '');
});

/**
 * The first screen is a picture until the app takes over: on a slow network that lasts
 * seconds, and a click on it does nothing. The page says it is starting, in its language:
 * at once when the person presses the pointer or a key, and goes when the app is there.
 * The app's chunk is held back here, as a slow network would.
 */
for (const { language, query, text } of [
  { language: 'en', query: '', text: 'Starting the playground… The chart and its controls work in a moment.' },
  { language: 'ar', query: '?lang=ar', text: 'جارٍ تشغيل ساحة التجريب… سيعمل المخطّط وعناصر التحكم فيه بعد لحظة.' },
]) {
  test(`while the app loads, pressing on the first screen says the page is starting (${language})`, async ({
    browser,
  }) => {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height } });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/${query}`);
      const firstScreen = page.locator('#first-screen');
      await expect(firstScreen.getByText('Pause', { exact: false }).first()).toBeAttached();
      const status = page.getByRole('status').filter({ hasText: text });
      // The person clicks a pause on the chart, as they would on the live page.
      const pause = firstScreen.locator('[data-event-index]').first();
      const box = await pause.boundingBox();
      if (!box) throw new Error('no pause drawn on the first screen');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(page.locator('#first-screen-status')).toHaveClass(/first-screen-status--asked/);
      await expect(status).toBeVisible();
      // One language at a time: the other's sentence is not shown or read.
      await expect(page.locator('#first-screen-status p:visible')).toHaveCount(1);
      await shot(page, `first-screen-starting-${language}`);
      release();
      await appTookOver(page);
      await expect(page.locator('#first-screen-status')).toHaveCount(0);
      await expect(page.getByRole('slider').first()).toBeVisible();
      await page.close();
    }
  });
}
