import { type Browser, expect, type Page, test } from '@playwright/test';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { shareFragment } from '../src/model/shareLink';
import { REFERENCE_LAYOUTS, type ReferenceLayout } from '../src/prerender/referenceLayout';
import {
  appTookOver,
  choosePreset,
  openPlayground,
  presetDocument,
  scenarioMenu,
  shot,
  verdict,
} from './support/leaseline';

/**
 * The first screen before any script (issue 26, item 1): the built index.html carries the
 * flagship's page in English and in Arabic, rendered at build time by the app's own components
 * and D3 drawing (src/prerender/). Without JavaScript it shows the English page with the same
 * verdict, story, key moments and chart marks the live page shows; before the app's script,
 * with only the head script run, a visit in Arabic (`?lang=ar` or remembered) shows the Arabic
 * page, right to left, with the live Arabic page's words; with the app, it takes over with no
 * layout shift in either language; and a visit that opens another night (a share link,
 * autosaved work) never shows the flagship, only the skeleton, then its own night.
 * Screenshots go to test-results/shots/.
 */

const OTHER_PRESET = 's02-shedlock-happy-path';

/** The page's own chart, once the app has drawn it. */
const liveChart = (page: Page) => page.locator('#root svg.timeline');

/** What the first screen and the live page must agree on, read off a page root and its chart. */
async function pageWords(page: Page, root: string, chart: string) {
  return page.evaluate(
    ({ root, chart }) => {
      const texts = (selector: string) =>
        [...document.querySelectorAll(`${root} ${selector}`)].map((node) => node.textContent?.trim() ?? '');
      const svg = document.querySelector(`${root} ${chart}`);
      return {
        verdict: texts('.verdict-text'),
        story: texts('.night-story-title'),
        moments: texts('.tl-moment-text'),
        lanes: texts('.tl-lane-label'),
        writes: texts('.tl-write-token'),
        marks: svg?.querySelectorAll('[data-event-index], [data-write-id], [data-grant-id]').length ?? 0,
        viewBox: svg?.getAttribute('viewBox') ?? null,
      };
    },
    { root, chart },
  );
}

/** The live page's measurements that the build takes from referenceLayout.ts. */
async function liveLayout(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector('#root .timeline-frame') as HTMLElement;
    const ruler = document.querySelector('#root .timeline-ruler') as HTMLElement;
    const chart = document.querySelector('#root svg.timeline') as SVGSVGElement;
    const frameBox = frame.getBoundingClientRect();
    const sectionBox = (frame.parentElement as HTMLElement).getBoundingClientRect();
    return {
      frameWidthPx: frame.clientWidth,
      frameTopPx: frameBox.top + window.scrollY,
      belowFramePx: sectionBox.bottom - frameBox.bottom,
      rulerHeightPx: ruler.clientHeight,
      chartFontPx: Number.parseFloat(getComputedStyle(chart).fontSize),
    };
  });
}

/**
 * From before the first paint, at every frame: which first screen is drawn ('night',
 * 'skeleton', or 'app' once it is gone), the `data-first-screen` the head script chose, and
 * every layout shift. Read back with `frames()`.
 */
async function watchFirstScreens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const shifts: number[] = [];
    const record = window as unknown as { __firstScreens: string[]; __shifts: number[]; __chosen: string | null };
    record.__firstScreens = seen;
    record.__shifts = shifts;
    record.__chosen = null;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
    const drawn = (selector: string) =>
      [...document.querySelectorAll(selector)].some((element) => element.getClientRects().length > 0);
    const look = () => {
      record.__chosen ??= document.documentElement.getAttribute('data-first-screen');
      const state = drawn('.first-screen-night')
        ? 'night'
        : drawn('.first-screen-skeleton')
          ? 'skeleton'
          : document.getElementById('first-screen') === null && document.querySelector('#root svg.timeline g')
            ? 'app'
            : 'blank';
      if (seen.at(-1) !== state) seen.push(state);
      if (state !== 'app') requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

async function frames(page: Page) {
  return page.evaluate(() => {
    const record = window as unknown as { __firstScreens: string[]; __shifts: number[]; __chosen: string | null };
    return {
      seen: record.__firstScreens,
      chosen: record.__chosen,
      cls: record.__shifts.reduce((sum, value) => sum + value, 0),
    };
  });
}

/**
 * After a load watched by watchFirstScreens: the app took the prerendered night over, the
 * frames showed the night and then the app and nothing else, and the layout did not shift.
 */
async function expectTakenOverWithoutShift(page: Page): Promise<void> {
  await appTookOver(page);
  await expect(liveChart(page).locator('.tl-moment-text').first()).toBeVisible();
  // Long enough for anything that settles after the first frame (fonts, a second layout).
  await page.waitForTimeout(1000);
  const seen = await frames(page);
  expect(seen.chosen).toBe('night');
  expect(seen.seen.filter((state) => state !== 'blank')).toEqual(['night', 'app']);
  expect(seen.cls).toBeLessThan(0.02);
}

async function withoutScript<T>(browser: Browser, layout: ReferenceLayout, use: (page: Page) => Promise<T>) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: layout.windowWidthPx, height: layout.windowHeightPx },
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * A page whose app never starts: only the head script runs (every other script is refused),
 * as a visitor sees the page before the app's JavaScript has arrived. Without JavaScript at
 * all the page cannot read `?lang=` or the remembered choice, and shows English.
 */
async function beforeTheApp<T>(
  browser: Browser,
  layout: ReferenceLayout,
  options: { colorScheme?: 'light' | 'dark'; stored?: Record<string, string> },
  use: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({
    viewport: { width: layout.windowWidthPx, height: layout.windowHeightPx },
    colorScheme: options.colorScheme ?? 'light',
  });
  await context.route(/\.js$/, (route) =>
    /\/assets\/first-screen-[0-9a-f]+\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
  );
  const stored = options.stored ?? {};
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, stored);
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

const ARABIC_REMEMBERED = { 'leaseline:preferences': JSON.stringify({ language: 'ar' }) };

/** The reference windows of one language (referenceLayout.ts). */
const layoutsIn = (language: ReferenceLayout['language']) => REFERENCE_LAYOUTS.filter((l) => l.language === language);

for (const layout of layoutsIn('en')) {
  const size = `${layout.windowWidthPx}x${layout.windowHeightPx}`;

  test(`at ${size}, without JavaScript, the page shows the flagship as the app draws it`, async ({ browser, page }) => {
    const variant = `.first-screen-night--${layout.name}.first-screen-night--en`;
    const prerendered = await withoutScript(browser, layout, async (still) => {
      await still.goto('/');
      await expect(still.locator(variant)).toBeVisible();
      await expect(still.locator(`.first-screen-night:not(${variant})`)).toHaveCount(REFERENCE_LAYOUTS.length - 1);
      for (const other of await still.locator(`.first-screen-night:not(${variant})`).all())
        await expect(other).toBeHidden();
      await expect(still.locator('.first-screen-skeleton')).toBeHidden();
      // Nothing will start without script: the page does not say it is starting.
      await still.mouse.click(10, 10);
      await expect(still.locator('#first-screen-status')).toBeHidden();
      await expect(still.locator('html')).not.toHaveAttribute('dir', 'rtl');
      // Reachable as a page: the verdict and the chart by their roles.
      await expect(still.getByRole('status').filter({ hasText: /^Unsafe: order 1003 applied twice/ })).toBeVisible();
      await expect(still.getByRole('group', { name: /^Timeline of the night/ })).toBeVisible();
      await shot(still, `prerender-no-js-${layout.name}`);
      return pageWords(still, variant, 'svg.timeline');
    });

    await page.setViewportSize({ width: layout.windowWidthPx, height: layout.windowHeightPx });
    await page.goto('/');
    await expect(liveChart(page).locator('.tl-moment-text').first()).toBeVisible();
    await shot(page, `prerender-taken-over-${layout.name}`);
    const live = await pageWords(page, '#root', 'svg.timeline');
    expect(prerendered.moments.length).toBeGreaterThan(4);
    expect(prerendered.moments).toContain('B takes over with token 8');
    expect(prerendered.marks).toBeGreaterThan(10);
    expect(prerendered).toEqual(live);
    // The build's reference window is still the page's: drawn for the same room.
    const measured = await liveLayout(page);
    expect(measured).toEqual({
      frameWidthPx: layout.frameWidthPx,
      frameTopPx: layout.frameTopPx,
      belowFramePx: layout.belowFramePx,
      rulerHeightPx: layout.rulerHeightPx,
      chartFontPx: layout.chartFontPx,
    });
  });

  test(`at ${size}, the app takes the flagship over with no layout shift`, async ({ page }) => {
    await page.setViewportSize({ width: layout.windowWidthPx, height: layout.windowHeightPx });
    await watchFirstScreens(page);
    await page.goto('/');
    await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    await expectTakenOverWithoutShift(page);
  });
}

for (const layout of layoutsIn('ar')) {
  const size = `${layout.windowWidthPx}x${layout.windowHeightPx}`;

  test(`at ${size}, before the app, Arabic asked for or remembered shows the Arabic flagship as the app draws it`, async ({
    browser,
    page,
  }) => {
    const variant = `.first-screen-night--${layout.name}.first-screen-night--ar`;
    const stillArabic = async (still: Page) => {
      await expect(still.locator(variant)).toBeVisible();
      await expect(still.locator(`.first-screen-night:not(${variant})`)).toHaveCount(REFERENCE_LAYOUTS.length - 1);
      for (const other of await still.locator(`.first-screen-night:not(${variant})`).all())
        await expect(other).toBeHidden();
      await expect(still.locator('.first-screen-skeleton')).toBeHidden();
      // As the app sets them at start (i18n switchLanguage): nothing flips at the takeover.
      await expect(still.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(still.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(still).toHaveTitle(/الأقفال/);
      await expect(still.locator(`${variant} .playground`)).toHaveCSS('direction', 'rtl');
      return pageWords(still, variant, 'svg.timeline');
    };
    const asked = await beforeTheApp(browser, layout, {}, async (still) => {
      await still.goto('/?lang=ar');
      const words = await stillArabic(still);
      await shot(still, `prerender-arabic-before-app-${layout.name}`);
      return words;
    });
    const remembered = await beforeTheApp(browser, layout, { stored: ARABIC_REMEMBERED }, async (still) => {
      await still.goto('/');
      return stillArabic(still);
    });
    expect(remembered).toEqual(asked);

    await page.setViewportSize({ width: layout.windowWidthPx, height: layout.windowHeightPx });
    await page.goto('/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(liveChart(page).locator('.tl-moment-text').first()).toBeVisible();
    await shot(page, `prerender-arabic-taken-over-${layout.name}`);
    const live = await pageWords(page, '#root', 'svg.timeline');
    expect(asked.moments.length).toBeGreaterThan(4);
    expect(asked.verdict.join(' ')).toMatch(/[\u0600-\u06ff]/);
    expect(asked.marks).toBeGreaterThan(10);
    expect(asked).toEqual(live);
    // The build's reference window is still the Arabic page's.
    expect(await liveLayout(page)).toEqual({
      frameWidthPx: layout.frameWidthPx,
      frameTopPx: layout.frameTopPx,
      belowFramePx: layout.belowFramePx,
      rulerHeightPx: layout.rulerHeightPx,
      chartFontPx: layout.chartFontPx,
    });
  });

  test(`at ${size}, the app takes the Arabic flagship over with no layout shift`, async ({ page }) => {
    await page.setViewportSize({ width: layout.windowWidthPx, height: layout.windowHeightPx });
    await watchFirstScreens(page);
    await page.goto('/?lang=ar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expectTakenOverWithoutShift(page);
  });
}

/** Opens `address` and checks the flagship's night never showed, only the skeleton, then `check`. */
async function neverTheFlagship(page: Page, address: string, check: () => Promise<void>): Promise<void> {
  await watchFirstScreens(page);
  await page.goto(address);
  await check();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  const seen = await frames(page);
  expect(seen.chosen).toBe('skeleton');
  expect(seen.seen).not.toContain('night');
  expect(seen.seen.at(-1)).toBe('app');
}

test('a share link of another night shows the skeleton, never the flagship, then its night', async ({ page }) => {
  const other = (await presetDocument(OTHER_PRESET)) as ScenarioDocument;
  await page.setViewportSize({ width: 1280, height: 720 });
  await neverTheFlagship(page, `/${shareFragment(other)}`, async () => {
    await expect(page.locator('#root .night-story-title')).toHaveText(other.title ?? '');
  });
  await shot(page, 'prerender-share-link');
});

test('autosaved work shows the skeleton, never the flagship, then the saved night', async ({ page }) => {
  await openPlayground(page);
  await choosePreset(page, OTHER_PRESET);
  const saveStatus = page.getByRole('toolbar', { name: 'Scenario tools' }).getByRole('status');
  await expect(saveStatus).toHaveText(/Saved/);
  // A new visit (not this tab's reload of its own address): no fragment, the autosave there.
  await neverTheFlagship(page, '/', async () => {
    await expect(scenarioMenu(page)).toContainText('ShedLock happy path');
  });
});

test('Arabic with Arabic-Indic digits shows the skeleton, never the Western-digit night, then its page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.addInitScript(() =>
    window.localStorage.setItem('leaseline:preferences', JSON.stringify({ language: 'ar', digits: 'arabicIndic' })),
  );
  await neverTheFlagship(page, '/', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(liveChart(page).locator('.tl-moment-text').first()).toBeVisible();
  });
});

test('the first screen follows a dark system theme, as the app does', async ({ browser, page }) => {
  const layout = layoutsIn('ar')[0] as ReferenceLayout;
  const colours = (still: Page, root: string) =>
    still.evaluate((root) => {
      const style = (selector: string) => {
        const element = document.querySelector(`${root} ${selector}`);
        return element === null ? null : getComputedStyle(element);
      };
      return {
        page: getComputedStyle(document.body).backgroundColor,
        text: style('.verdict-text')?.color ?? null,
        chart: style('svg.timeline')?.color ?? null,
        lane: style('.tl-lane-label')?.fill ?? null,
      };
    }, root);
  const before = await beforeTheApp(browser, layout, { colorScheme: 'dark' }, async (still) => {
    await still.goto('/?lang=ar');
    await expect(still.locator('.first-screen-night--short.first-screen-night--ar')).toBeVisible();
    await shot(still, 'prerender-arabic-dark-before-app');
    return colours(still, '.first-screen-night--short.first-screen-night--ar');
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: layout.windowWidthPx, height: layout.windowHeightPx });
  await page.goto('/?lang=ar');
  await expect(liveChart(page).locator('.tl-moment-text').first()).toBeVisible();
  await shot(page, 'prerender-arabic-dark-taken-over');
  expect(before).toEqual(await colours(page, '#root'));
});
