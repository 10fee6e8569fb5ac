import { expect, test } from '@playwright/test';
import { timeline, verdict } from './support/leaseline';

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
