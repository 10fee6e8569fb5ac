import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { choosePreset, openPlayground, pauseOfA, shot as shotHere, timeline, verdict } from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * The chart as a person meets it: the night's own story above it, a chart that fills the
 * window (measured on the drawn lanes, not on the <svg>, which may be letterboxed), short jobs
 * opened on their action, presentation mode on a 1280x720 projector, and a narrow window that
 * keeps the night before the settings.
 */

const story = (page: Page) => page.locator('details.night-story');
const presentation = (page: Page) => page.getByRole('main', { name: 'Presentation' });
const legendButton = (page: Page) => page.getByRole('button', { name: 'Legend', exact: true });
const legend = (page: Page) => page.getByRole('dialog', { name: 'Legend: the marks on this night' });
const shot = (page: Page, name: string) => shotHere(page, `chart-${name}`);

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
    // Folded, the summary keeps the story's first words on one line; its paragraphs are hidden.
    await expect(panel.locator('p').getByText(/A stop-the-world pause/)).toBeHidden();
    await expect(summary).toBeVisible();
    // Folded, it stays folded for the next night; opened again, it tells the new night's story.
    await choosePreset(page, 's10-redis-failover');
    await expect(panel).toContainText('Redis SET NX PX and a failover: token 7 twice');
    await expect(panel.locator('p').first()).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Space');
    await expect(panel.locator('p').first()).toBeVisible();
    await expect(panel.locator('p').first()).toContainText(/Redis/);
  });

  test('tells the fenced twin’s own story when fencing is switched on, and the chart’s once the night is edited', async ({
    page,
  }) => {
    await openPlayground(page);
    const panel = story(page);
    await expect(panel).toContainText('(fencing off)');
    await expect(panel).not.toContainText('You have changed this night');
    // The flagship told with fencing is a preset of its own: the switch opens it, story and all.
    await page.getByRole('switch', { name: 'Fencing' }).click();
    await expect(panel).toContainText('Paused holder: token 7 against token 8 (fencing on)');
    await expect(panel).not.toContainText('You have changed this night');
    // An edit changes the night under its written story: the story is read off the chart.
    await pauseOfA(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.locator('p').first()).toHaveText(/^You have changed this night since it opened/);
    await expect(panel).toContainText('(fencing on), edited');
    await expect(panel).toContainText('#1003: token 7 < 8, rejected as stale.');
    await page.keyboard.press('Control+z');
    await expect(panel).not.toContainText('You have changed this night');
    await expect(panel).toContainText('With fencing the update matches 0 rows');
  });
});

test.describe('a chart that fills the screen', () => {
  test('at 1920x1080 the playground draws the flagship at least 480 px tall, with larger type', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/');
    await expect(verdict(page)).toBeVisible();
    const large = await drawnNight(page);
    expect(large.heightPx).toBeGreaterThanOrEqual(480);
    // Type grows more slowly than the lanes (its 11 px are a little larger here).
    expect(large.labelPx).toBeGreaterThan(12);
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
    await choosePreset(page, 's17-digest-send-then-claim');
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

test.describe('the legend', () => {
  test("at 1920x1080 the flagship's legend shows whole, in two columns, without scrolling", async ({ page }) => {
    await openPlayground(page);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await legendButton(page).click();
    const list = legend(page).getByRole('region', { name: 'Legend: the marks on this night' });
    await expect(list).toBeFocused();
    const items = legend(page).getByRole('listitem');
    // Two columns: the first two marks stand side by side.
    const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    expect(second?.y).toBe(first?.y);
    expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0));
    await expect(items.last()).toBeInViewport({ ratio: 1 });
    expect(await list.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeLessThanOrEqual(0);
  });

  test('opens and closes with the keyboard, and keys the marks of the night on screen', async ({ page }) => {
    await openPlayground(page);
    // Tab from the story's summary to the Legend button, as a keyboard user would.
    await story(page).locator('summary').focus();
    await page.keyboard.press('Tab');
    await expect(legendButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(legend(page)).toBeVisible();
    // Opened, the legend shows its heading and its buttons; the list between them scrolls,
    // and has the focus, so the keys scroll it.
    const list = legend(page).getByRole('region', { name: 'Legend: the marks on this night' });
    await expect(list).toBeFocused();
    await expect(legend(page).getByRole('heading', { name: 'Legend: the marks on this night' })).toBeInViewport();
    await expect(legend(page).getByRole('button', { name: 'Close' })).toBeInViewport();
    const items = legend(page).getByRole('listitem');
    await page.keyboard.press('End');
    await expect(items.last()).toBeInViewport();
    await expect(legend(page).getByRole('heading', { name: 'Legend: the marks on this night' })).toBeInViewport();
    // The flagship: the pause, the zombie's belief and window, leases, the fence, applied twice.
    for (const words of [
      /^Hatching \(\/\): the process is paused/,
      /^Red dashed box: it still believes so after its lease ended/,
      /^Peach band across the lanes: the zombie window/,
      /^Bar on the lock lane: who really holds the lock/,
      /^Ringed dots joined by a dashed arc: the same order applied more than once/,
      /Red triangle at the top: a safety rule broken/,
    ])
      await expect(items.filter({ hasText: words })).toHaveCount(1);
    await expect(items.filter({ hasText: /node that is down/ })).toHaveCount(0);
    // Each entry is drawn with the chart's own marks: the same classes as on the chart.
    await expect(legend(page).locator('svg.timeline-swatch .tl-process--paused')).toHaveCount(1);
    await expect(legend(page).locator('svg.timeline-swatch .tl-zombie')).toHaveCount(1);
    await expect(legend(page).locator('svg.timeline-swatch [tabindex]')).toHaveCount(0);
    await shot(page, 'legend-flagship');
    await page.keyboard.press('Escape');
    await expect(legend(page)).toBeHidden();
    await expect(legendButton(page)).toBeFocused();

    // A Redis night has its own marks: the key on the nodes, the dead primary, the failover.
    await choosePreset(page, 's10-redis-failover');
    await legendButton(page).focus();
    await page.keyboard.press('Space');
    await expect(legend(page)).toBeVisible();
    await expect(items.filter({ hasText: /^Hatched bar: a node that is down/ })).toHaveCount(1);
    await expect(items.filter({ hasText: /^Diamond: a Redis failover/ })).toHaveCount(1);
    await expect(items.filter({ hasText: /^Grey band on the lock lane/ })).toHaveCount(0);
    await shot(page, 'legend-redis');
    await legend(page).getByRole('button', { name: 'Close' }).press('Enter');
    await expect(legend(page)).toBeHidden();
    await expect(legendButton(page)).toBeFocused();
  });

  test('goes into the SVG export and onto the printed page when asked for in the Export menu', async ({ page }) => {
    await openPlayground(page);
    const toolbar = page.getByRole('toolbar', { name: 'Scenario tools' });
    await toolbar.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('checkbox', { name: 'Include the legend in PNG, SVG and print' }).check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: /SVG/ }).click();
    const file = path.join(await scratchFolder('legend-'), 'legend.svg');
    await (await downloading).saveAs(file);
    const svg = await readFile(file, 'utf8');
    expect(svg).toContain('class="export-legend"');
    expect(svg).toContain('the zombie window');
    expect(svg).toMatch(/<svg [^>]*class="timeline-swatch tl"/);
    // In print the legend follows the chart; on screen it is not repeated.
    await expect(page.locator('.legend-export')).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.legend-export')).toBeVisible();
    await expect(page.locator('.legend-export')).toContainText('Peach band across the lanes');
    await shot(page, 'print-with-legend');
  });
});

test.describe('the state machine view', () => {
  test('opens laid out by ELK, without crossing edges, under the CSP, with the state at the playhead lit', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await openPlayground(page);
    await timeline(page).locator('text.tl-lane-label', { hasText: 'Replica A' }).click();
    const chart = page.getByRole('region', { name: "Replica A's state machine" });
    const picture = chart.getByRole('img', { name: 'The replica state machine of A' });
    // The hand-placed chart first; the layout engine loads on demand and takes over.
    await expect(picture).toHaveAttribute('data-layout', 'elk');
    await expect(picture.locator('.panels-chart-node--current')).toHaveCount(1);
    await expect(picture.locator('.panels-chart-node--current text')).toHaveText('due check');
    // Later in the night the lit state follows the playhead, as the table says.
    await page.getByRole('button', { name: 'Jump to 02:05:10.003' }).click();
    await expect(chart.getByText(/^Replica A is paused; its machine is frozen in computing/)).toBeVisible();
    await expect(picture.locator('.panels-chart-node--current text')).toHaveText('computing');
    // The drawn edges cross nowhere (the same check as the unit test, on the page's own paths).
    const crossings = await picture.evaluate((svg) => {
      const pieces = [...svg.querySelectorAll('.panels-chart-edges path')].map((path) => {
        const points = [...(path.getAttribute('d') ?? '').matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m): number[] => [
          Number(m[1]),
          Number(m[2]),
        ]);
        return points.slice(1).map((point, index): number[][] => [points[index] ?? point, point]);
      });
      const cross = (a: number[][], b: number[][]) => {
        const [[x1 = 0, y1 = 0] = [], [x2 = 0, y2 = 0] = []] = a;
        const [[x3 = 0, y3 = 0] = [], [x4 = 0, y4 = 0] = []] = b;
        const d = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3);
        if (d === 0) return false;
        const t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / d;
        const u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / d;
        return t > 1e-6 && t < 1 - 1e-6 && u > 1e-6 && u < 1 - 1e-6;
      };
      let count = 0;
      pieces.forEach((a, i) => {
        for (const b of pieces.slice(i + 1)) if (a.some((sa) => b.some((sb) => cross(sa, sb)))) count += 1;
      });
      return { count, edges: pieces.length };
    });
    expect(crossings.edges).toBeGreaterThan(20);
    expect(crossings.count).toBe(0);
    await chart.scrollIntoViewIfNeeded();
    await shot(page, 'statechart-elk');
    expect(problems.filter((text) => /Content Security Policy|eval|Refused/i.test(text))).toEqual([]);
  });
});
