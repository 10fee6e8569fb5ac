import { expect, type Page, test } from '@playwright/test';
import { openPlayground, scenarioMenu, timeline, verdict } from './support/leaseline';

/**
 * The chart as a person meets it: the night's own story above it, a chart that fills the
 * window (measured on the drawn lanes, not on the <svg>, which may be letterboxed), short jobs
 * opened on their action, presentation mode on a 1280x720 projector, and a narrow window that
 * keeps the night before the settings.
 */

const story = (page: Page) => page.locator('details.night-story');
const presentation = (page: Page) => page.getByRole('main', { name: 'Presentation' });

/** The lanes as drawn on the screen: their bounding box and the lane labels' size on screen. */
async function drawnNight(page: Page) {
  return page
    .locator('svg.timeline')
    .first()
    .evaluate((svg) => {
      const lanes = [...svg.querySelectorAll('.tl-lane-bg')].map((lane) => lane.getBoundingClientRect());
      const top = Math.min(...lanes.map((box) => box.top));
      const bottom = Math.max(...lanes.map((box) => box.bottom));
      const label = svg.querySelector('.tl-lane-label') as SVGTextElement;
      // The label's font size in layout px, times screen px per layout px.
      const perLayoutPx = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      return {
        top,
        bottom,
        heightPx: bottom - top,
        labelPx: Number.parseFloat(getComputedStyle(label).fontSize) * perLayoutPx,
      };
    });
}

test.describe('the story of the night', () => {
  test('shows the preset’s description above the chart, folds with the keyboard, and follows the scenario', async ({
    page,
  }) => {
    await openPlayground(page);
    const panel = story(page);
    await expect(panel).toContainText('Paused holder: token 7 against token 8 (fencing off)');
    await expect(panel.getByText(/A stop-the-world pause of 6 minutes hits A at 02:01:30/)).toBeVisible();
    const panelBox = await panel.boundingBox();
    const chartBox = await timeline(page).boundingBox();
    expect(panelBox && chartBox && panelBox.y + panelBox.height <= chartBox.y).toBe(true);

    const summary = panel.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByText(/A stop-the-world pause/)).toBeHidden();
    await expect(summary).toBeVisible();
    // Folded, it stays folded for the next night; opened again, it tells the new night's story.
    await scenarioMenu(page).selectOption('s10-redis-failover');
    await expect(panel).toContainText('Redis SET NX PX and a failover: token 7 twice');
    await expect(panel.locator('p').first()).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Space');
    await expect(panel.locator('p').first()).toBeVisible();
    await expect(panel.locator('p').first()).toContainText(/Redis/);
  });
});

test.describe('a chart that fills the screen', () => {
  test('at 1920x1080 the playground draws the flagship at least 480 px tall, with larger type', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/');
    await expect(verdict(page)).toBeVisible();
    const large = await drawnNight(page);
    expect(large.heightPx).toBeGreaterThanOrEqual(480);
    expect(large.labelPx).toBeGreaterThan(14);
    // The playback controls stay on the first screen.
    const play = await page.getByRole('button', { name: 'Play' }).boundingBox();
    expect(play && play.y + play.height <= 1080).toBe(true);
    // A smaller window: a smaller night and smaller type, the same preset.
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.poll(async () => (await drawnNight(page)).heightPx).toBeLessThan(large.heightPx);
    expect((await drawnNight(page)).labelPx).toBeLessThan(large.labelPx);
  });

  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    test(`presentation at ${width}x${height} gives the night 40 % of the screen and 18 px lane labels`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      for (const step of [4, 5]) {
        await page.goto(`/#lesson=l5&step=${step}&present=1`);
        await expect(presentation(page).locator('svg.timeline g.tl-lane').first()).toBeVisible();
        const night = await drawnNight(page);
        expect(night.heightPx, `step ${step}`).toBeGreaterThanOrEqual(0.4 * height);
        expect(night.labelPx, `step ${step}`).toBeGreaterThanOrEqual(18);
        // Everything still fits: the question and the verdict are on the screen.
        const fits = await presentation(page).evaluate((main) => main.scrollHeight <= main.clientHeight);
        expect(fits, `step ${step}`).toBe(true);
      }
    });
  }

  test('a short job opens zoomed to its action: the digest’s few seconds fill the axis', async ({ page }) => {
    await openPlayground(page);
    await scenarioMenu(page).selectOption('s17-digest-send-then-claim');
    const ticks = page.locator('svg.timeline text.tl-tick-label');
    // Ticks every half second or so instead of every five seconds across a minute.
    await expect(ticks.filter({ hasText: /^02:00:01(\.000)?$/ })).toHaveCount(1);
    await expect(ticks.filter({ hasText: /^02:00:30/ })).toHaveCount(0);
    // Zero goes back to that opening view, not to the whole minute (keys from the page, not the menu).
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect(ticks.filter({ hasText: /^02:00:01(\.000)?$/ })).toHaveCount(0);
    await page.keyboard.press('0');
    await expect(ticks.filter({ hasText: /^02:00:01(\.000)?$/ })).toHaveCount(1);
  });

  test('a 768 px window shows the chart, the verdict and the playhead table before the settings', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto('/');
    await expect(verdict(page)).toBeVisible();
    const yOf = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.y ?? Number.NaN;
    const verdictY = await yOf(verdict(page));
    const chartY = await yOf(timeline(page));
    const atPlayheadY = await yOf(page.getByRole('region', { name: /^At \d\d:\d\d:\d\d/ }));
    const settingsY = await yOf(page.getByRole('heading', { name: 'Settings', exact: true }));
    expect(verdictY).toBeLessThan(chartY);
    expect(chartY).toBeLessThan(atPlayheadY);
    expect(atPlayheadY).toBeLessThan(settingsY);
  });
});
