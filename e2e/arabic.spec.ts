import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { appTookOver, centre } from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * Leaseline in Arabic, as a learner who reads Arabic uses it: opened with `?lang=ar`, from the
 * header's switcher or by the browser's language; right to left, with the time axis still
 * running left to right and the lane labels on the right; the flagship, the fencing switch, a
 * lesson's prediction, presentation, the exercise and an export; axe finds no WCAG A/AA
 * violation. Screenshots in Arabic (1400x900, presentation 1920x1080, light and dark) go to
 * test-results/shots/.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const shots = 'test-results/shots';
const ARABIC = /[\u0600-\u06ff]/;
/** Bidi isolates the Arabic interface puts around values (a replica id, a time). */
const ISOLATE = '[\\u2066-\\u2069]*';

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`);
}

const verdict = (page: Page) => page.getByRole('status').filter({ hasText: /^(آمن|غير آمن)/ });
const chart = (page: Page) => page.locator('svg.timeline');
const laneLabel = (page: Page, words: string, id: string) =>
  chart(page)
    .locator('text.tl-lane-label')
    .filter({ hasText: new RegExp(`^${ISOLATE}${words}\\s*${ISOLATE}${id}${ISOLATE}$`) });

/** CSP violations (reported by the page) and console errors, collected from the start. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('__leaselineCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __leaselineCspViolation: (text: string) => void }).__leaselineCspViolation;
      report(`CSP ${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

async function openArabic(page: Page, fragment = '', size = { width: 1400, height: 900 }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`/?lang=ar${fragment}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await appTookOver(page);
  await expect(chart(page).locator('g.tl-lane').first()).toBeVisible();
}

/** The axis labels as drawn: their time and their centre on the page, left to right. */
async function ticks(page: Page): Promise<{ label: string; x: number }[]> {
  const labels = chart(page).locator('text.tl-tick-label');
  const result: { label: string; x: number }[] = [];
  for (const label of await labels.all())
    result.push({ label: (await label.textContent()) ?? '', x: (await centre(label)).x });
  return result.sort((a, b) => a.x - b.x);
}

/** "02:05" -> minutes after midnight, in Western or Arabic-Indic digits. */
function minutesOf(label: string): number {
  const western = label.replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  const match = /(\d\d):(\d\d)/.exec(western);
  if (!match) throw new Error(`no time in "${label}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

async function bothSchemes(browser: Browser, run: (page: Page, scheme: 'light' | 'dark') => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, locale: 'en-GB' });
    await run(await context.newPage(), scheme);
    await context.close();
  }
}

test('the flagship in Arabic: right to left, time still left to right, lane labels on the right', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await bothSchemes(browser, async (page, scheme) => {
    // The Arabic chunk, its style sheet and its fonts load under the CSP, with no error.
    const problems = await watchProblems(page);
    await openArabic(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page).toHaveTitle(ARABIC);
    // The address keeps no language: a link copied from it carries none.
    expect(new URL(page.url()).searchParams.has('lang')).toBe(false);
    await expect(verdict(page)).toHaveText(/^غير آمن/);
    await expect(page.locator('.night-story-title')).toHaveText(ARABIC);

    // Time runs left to right: each later tick is further right.
    const axis = await ticks(page);
    expect(axis.length).toBeGreaterThan(4);
    const minutes = axis.map((tick) => minutesOf(tick.label));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(new Set(minutes).size).toBe(minutes.length);

    // The lane labels stand right of the plot, the side an Arabic reader starts from.
    const lastTickX = axis[axis.length - 1]?.x ?? 0;
    const replicaA = laneLabel(page, 'النسخة', 'A');
    await expect(replicaA).toHaveCount(1);
    const labelBox = await replicaA.boundingBox();
    expect(labelBox?.x ?? 0).toBeGreaterThan(lastTickX);
    // And the header starts from the right: the brand is right of the switcher.
    const brand = await page.getByRole('heading', { level: 1 }).boundingBox();
    const switcher = await page.getByRole('button', { name: 'English', exact: true }).boundingBox();
    expect(brand?.x ?? 0).toBeGreaterThan(switcher?.x ?? 0);

    await page.screenshot({ path: `${shots}/arabic-flagship-1400-${scheme}.png` });
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Arabic"', 'نسخة'))).toBe(true);
    expect(problems).toEqual([]);
  });
});

test('the fencing switch in Arabic turns the night safe and says so in Arabic', async ({ page }) => {
  await openArabic(page);
  const fencing = page.getByRole('switch', { name: 'التسييج (fencing)' });
  await expect(fencing).toHaveAttribute('aria-checked', 'false');
  await fencing.click();
  await expect(fencing).toHaveAttribute('aria-checked', 'true');
  await expect(verdict(page)).toHaveText(/^آمن/);
  // The stale write's time reads left to right inside the Arabic sentence.
  await expect(verdict(page)).toContainText('02:07:50');
  await page.screenshot({ path: `${shots}/arabic-fencing-on-1400.png` });
});

test('a lesson in Arabic: predict with a number key, then the reveal; presentation at 1920x1080', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await bothSchemes(browser, async (page, scheme) => {
    await openArabic(page, '#lesson=l4&step=2');
    const player = page.getByRole('region', { name: /^الدرس 4/ });
    await expect(player).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: ARABIC }).first()).toBeVisible();
    // The write's result is hidden until the prediction.
    await expect(verdict(page)).toHaveCount(0);
    await page.screenshot({ path: `${shots}/arabic-lesson-predict-1400-${scheme}.png` });
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('2');
    await expect(verdict(page)).toHaveText(/^غير آمن/);
    await expect(player.getByRole('button', { name: /مرفوضة/ })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `${shots}/arabic-lesson-revealed-1400-${scheme}.png` });

    await page.setViewportSize({ width: 1920, height: 1080 });
    await player.getByRole('button', { name: 'اعرض', exact: true }).click();
    const presentation = page.getByRole('main', { name: 'العرض التقديمي' });
    await expect(presentation).toBeVisible();
    await expect(presentation.locator('svg.timeline g.tl-lane').first()).toBeVisible();
    await expect(page).toHaveURL(/#lesson=l4&step=2&present=1$/);
    const axis = await ticks(page);
    expect(axis.map((tick) => minutesOf(tick.label))).toEqual(
      axis.map((tick) => minutesOf(tick.label)).sort((a, b) => a - b),
    );
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/arabic-presentation-1920-${scheme}.png` });
    expect(await axe(page)).toEqual([]);
  });
});

test('the exercise in Arabic, drawn with the mouse, and its picture exported with the Arabic face', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openArabic(page, '', { width: 1400, height: 1400 });
  await page.getByRole('button', { name: 'التمرين EX03', exact: true }).click();
  await expect(page.getByText(new RegExp(`ظهر ${ISOLATE}1${ISOLATE} من ${ISOLATE}6`))).toBeVisible();
  // Drop a pause on replica A at about 02:01, then stretch it to about 02:07.
  const axis = await ticks(page);
  const xAt = (minutes: number) => {
    const [first, second] = axis;
    if (!first || !second) throw new Error('no axis');
    const perMinute = (second.x - first.x) / (minutesOf(second.label) - minutesOf(first.label));
    return first.x + (minutes - minutesOf(first.label)) * perMinute;
  };
  const box = await chart(page).boundingBox();
  const laneY = (await centre(laneLabel(page, 'النسخة', 'A'))).y;
  if (!box) throw new Error('no chart');
  await page
    .getByRole('button', { name: 'توقّف مؤقت', exact: true })
    .dragTo(chart(page), { targetPosition: { x: xAt(121) - box.x, y: laneY - box.y } });
  const pause = page.getByRole('slider', { name: new RegExp(`^${ISOLATE}توقف مؤقت، النسخة ${ISOLATE}A`) });
  await expect(pause).toHaveCount(1);
  const edge = await centre(pause.locator('.tl-handle-edge--end'));
  await page.mouse.move(edge.x, edge.y);
  await page.mouse.down();
  await page.mouse.move(xAt(124), edge.y, { steps: 8 });
  await page.mouse.move(xAt(127), edge.y, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText('ظهرت الخطوات الست كلها: هذه الليلة عقد إيجار غير آمن.')).toBeVisible();
  await page.getByRole('textbox', { name: 'اسمك' }).fill('ليلى حسن');
  await page.getByRole('textbox', { name: 'شرحك' }).fill('تتوقف A بعد انتهاء عقد الإيجار، فتكتب B ثم تكتب A أيضًا.');
  await page.getByRole('textbox', { name: 'شرحك' }).blur();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${shots}/arabic-exercise-1400.png` });
  expect(await axe(page)).toEqual([]);

  const dir = await scratchFolder('arabic-');
  const exportAs = async (item: string): Promise<string> => {
    await page.getByRole('button', { name: 'تصدير', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: item, exact: true }).click();
    const download = await downloading;
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    return file;
  };
  const svgFile = await exportAs('صورة (SVG)');
  const svg = await readFile(svgFile, 'utf8');
  expect(svg).toContain('font-family:"Noto Sans Arabic"');
  expect(svg).toContain('الطالب: ');
  expect(svg).toContain('ليلى حسن');
  expect(svg).toMatch(/<text[^>]*direction="rtl"[^>]*>[^<]*ليلى/);
  const png = await readFile(await exportAs('صورة تحمل السيناريو بداخلها (PNG)'));
  expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  // Look at the picture as a person would open it.
  await page.goto(`file://${svgFile}`);
  await page.screenshot({ path: `${shots}/arabic-export-svg-1400.png` });
});

test('the header switcher changes the language, which is remembered; ?lang= and the browser choose too', async ({
  browser,
}) => {
  // Three visits and two browsers: more than the default half minute on a loaded machine.
  test.setTimeout(90_000);
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
  const toArabic = page.getByRole('button', { name: 'العربية', exact: true });
  await expect(toArabic).toHaveAttribute('lang', 'ar');
  await toArabic.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(verdict(page)).toHaveText(/^غير آمن/);
  // The chart is laid out again: its lane labels now in Arabic.
  await expect(laneLabel(page, 'النسخة', 'A')).toHaveCount(1);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(verdict(page)).toHaveText(/^غير آمن/);
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await context.close();

  // A first visit from a browser set to Arabic opens in Arabic.
  const arabicBrowser = await browser.newContext({ locale: 'ar-EG' });
  const first = await arabicBrowser.newPage();
  await first.goto('/');
  await expect(first.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(verdict(first)).toHaveText(/^غير آمن/);
  await arabicBrowser.close();
});

test('a share link copied in Arabic opens in English for an English reader', async ({ browser }) => {
  const sender = await browser.newContext({ locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await sender.newPage();
  await openArabic(page);
  await page.getByRole('switch', { name: 'التسييج (fencing)' }).click();
  await page.getByRole('button', { name: 'نسخ رابط المشاركة', exact: true }).click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#s=/);
  expect(link).not.toMatch(/lang=/);
  await sender.close();

  const reader = await browser.newContext({ locale: 'en-US' });
  const other = await reader.newPage();
  await other.goto(link);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await expect(other.getByRole('status').filter({ hasText: /^Safe/ })).toBeVisible();
  await reader.close();
});

test('Arabic-Indic digits, chosen in the preferences, write the axis and the sentences', async ({ page }) => {
  await openArabic(page);
  await page.getByRole('button', { name: 'الاختصارات (?)', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const digits: Locator = dialog.getByRole('checkbox', { name: /الأرقام الهندية/ });
  await expect(digits).not.toBeChecked();
  await digits.check();
  await dialog.getByRole('button').last().click();
  await expect(chart(page).locator('text.tl-tick-label').first()).toHaveText('٠٢:٠٠');
  await expect(verdict(page)).toContainText('٠٢:٠٦:٠٠');
  // The playhead's time too; a write's label is an id, written as the story writes #1003.
  await expect(page.locator('output.panels-time')).toHaveText('٠٢:٠٠:٠٠');
  await expect(chart(page).locator('.tl-write-token').first()).toHaveText(/^\u2066?#1001( A·7)?\u2069?$/);
  await page.screenshot({ path: `${shots}/arabic-indic-digits-1400.png` });
  await page.reload();
  await expect(chart(page).locator('text.tl-tick-label').first()).toHaveText('٠٢:٠٠');
});

test('after one visit in English, Arabic and its font open with the network gone', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
  // The worker precaches the whole build, the Arabic chunk and font included.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(verdict(page)).toHaveText(/^غير آمن/);
  const arabicFace = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Arabic"', 'نسخة');
  });
  expect(arabicFace).toBe(true);
  await context.setOffline(false);
  await context.close();
});

test('a broken link and a broken file say what is wrong in Arabic, with the path and the value as written', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dir = await scratchFolder('arabic-');
  const broken = path.join(dir, 'broken.json');
  await writeFile(broken, '{"format": "leaseline/scenario", "version": 1, "replicas": [{"load": "60 seconds"}]}');
  await bothSchemes(browser, async (page, scheme) => {
    await openArabic(page, '#s=1.AAAA');
    const alert = page.getByRole('alert');
    // The whole notice is Arabic: the reason, and what the page did about it.
    await expect(alert).toContainText(/تعذّر فتح الرابط: .+ يُعرض السيناريو الرئيسي بدلًا منه\./);
    await expect(alert).not.toContainText(/cannot|damaged|unpack|link/);
    await page.screenshot({ path: `${shots}/arabic-broken-link-1400-${scheme}.png` });
    expect(await axe(page)).toEqual([]);
    await alert.getByRole('button', { name: 'إغلاق' }).click();

    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^افتح ملف سيناريو/ }).click();
    await (await choosing).setFiles(broken);
    await expect(alert).toContainText(/^لم يتغيّر شيء: تعذّر فتح/);
    // File name, JSON path and the value written in it stay as written, each in its own isolate.
    await expect(alert).toContainText(new RegExp(`${ISOLATE}broken\\.json${ISOLATE}`));
    await expect(alert).toContainText(new RegExp(`عند ${ISOLATE}replicas\\[0\\]\\.load${ISOLATE}`));
    await expect(alert).toContainText(new RegExp(`${ISOLATE}"60 seconds"${ISOLATE} ليس مدة`));
    await expect(alert).not.toContainText('is not a duration');
    await page.screenshot({ path: `${shots}/arabic-broken-file-1400-${scheme}.png` });
    expect(await axe(page)).toEqual([]);
  });
});

test('presentation in Arabic: ← is next and → is previous, on the buttons, in the hint and on the keyboard', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await bothSchemes(browser, async (page, scheme) => {
    await openArabic(page, '#lesson=l5&step=4&present=1', { width: 1920, height: 1080 });
    const presentation = page.getByRole('main', { name: 'العرض التقديمي' });
    await expect(presentation).toBeVisible();
    const nav = presentation.getByRole('navigation');
    const next = nav.getByRole('button', { name: 'التالي', exact: true });
    const previous = nav.getByRole('button', { name: 'السابق', exact: true });
    // The arrows point the reading way: next to the left, previous to the right.
    await expect(next).toHaveText('التالي ←');
    await expect(previous).toHaveText('→ السابق');
    await expect(presentation.locator('.present-keys')).toHaveText(/^← أو المسافة للتالي · → للسابق/);
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/#lesson=l5&step=5&present=1$/);
    // Step 5 asks first: the hint reads its number keys as a range, right to left, in words.
    await expect(presentation.locator('.present-keys')).toHaveText(
      new RegExp(`^من ${ISOLATE}1${ISOLATE} إلى ${ISOLATE}3${ISOLATE} للتوقّع · ← أو المسافة للكشف · → للسابق`),
    );
    // Next stands to the left of Previous, where the arrow on it points.
    const [nextBox, previousBox] = [await next.boundingBox(), await previous.boundingBox()];
    expect(nextBox && previousBox && nextBox.x < previousBox.x).toBe(true);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/arabic-presentation-arrows-1920-${scheme}.png` });
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/#lesson=l5&step=4&present=1$/);
    await page.keyboard.press('PageDown');
    await expect(page).toHaveURL(/#lesson=l5&step=5&present=1$/);
    await page.keyboard.press('PageUp');
    await expect(page).toHaveURL(/#lesson=l5&step=4&present=1$/);
  });
});
