import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { eventsTable, openPlayground, shotAtTwoSizes, verdict } from './support/leaseline';

/**
 * "Check every night" in Chromium, as a person uses it: the form with verify's bounds, the
 * check in a worker with a named progress bar, the answer in words in a live region, Open as
 * one undo step, Cancel midway, the course's step (fencing off, then on), and the Arabic page.
 */

// The checks here use bounds that answer in seconds; a busy two-core machine may take longer.
test.setTimeout(300_000);
const CHECK_MS = 240_000;

const checkButton = (page: Page) => page.getByRole('button', { name: 'Check every night', exact: true });
const panel = (page: Page) => page.getByRole('region', { name: 'Check every night' });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Nights checked' });
const answer = (page: Page) => panel(page).getByRole('status');
const storyTitle = (page: Page) => page.locator('.night-story-title');
const FLAGSHIP_TITLE = 'Paused holder: token 7 against token 8 (fencing off)';

/** The course's small bounds, chosen in the form: a 2-minute grid, 1 and 5 min, the file's events out. */
async function chooseSmallBounds(page: Page): Promise<void> {
  await panel(page).getByRole('combobox', { name: 'A fault may start every' }).selectOption({ label: '2 min' });
  // By keyboard: Space toggles a checkbox.
  await panel(page).getByRole('checkbox', { name: '10 s' }).focus();
  await page.keyboard.press('Space');
  await panel(page).getByRole('checkbox', { name: '10 min' }).click();
  await panel(page)
    .getByRole('checkbox', { name: /^Leave the file's own events out/ })
    .click();
}

/**
 * Fencing on, then a check of verify's defaults with up to 3 faults on the fenced flagship: over
 * a billion nights, so there is time to cancel (up to 2, they answer in seconds: most nights
 * settle early).
 */
async function startLongFencedCheck(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await checkButton(page).click();
  await panel(page)
    .getByRole('combobox', { name: 'At most this many faults in one night' })
    .selectOption({ label: '3' });
  await panel(page).getByRole('button', { name: 'Check', exact: true }).click();
}

test('unfenced: Unsafe with the smallest failing night, opened as one undo step; fenced: Safe', async ({ page }) => {
  await openPlayground(page);
  await expect(storyTitle(page)).toHaveText(FLAGSHIP_TITLE);
  await checkButton(page).click();
  // The form opens with verify's defaults, the focus on its first choice.
  await expect(panel(page).getByRole('checkbox', { name: 'pauses', exact: true })).toBeFocused();
  await expect(panel(page).getByRole('combobox', { name: 'At most this many faults in one night' })).toHaveValue('2');
  await expect(panel(page).getByRole('combobox', { name: 'A fault may start every' })).toHaveValue('10000');
  await shotAtTwoSizes(page, 'check-every-night-form');
  await page.setViewportSize({ width: 1400, height: 1000 });
  const formAxe = await new AxeBuilder({ page }).include('.check-every-night').analyze();
  expect(formAxe.violations.map((violation) => violation.id)).toEqual([]);

  await chooseSmallBounds(page);
  await panel(page).getByRole('button', { name: 'Check', exact: true }).press('Enter');
  await expect(answer(page)).toHaveText(
    /^Unsafe: a night with one fault breaks it: an order is applied more than once and a stale token is accepted\. It is the (only failing night|smallest of [\d,]+ failing nights) with as many faults, and none with fewer breaks \(91 nights checked, with up to 2 faults \(pauses or crashes of 1 min or 5 min, starting every 2 min\), the file's own events left out\)\.$/,
    { timeout: CHECK_MS },
  );
  await expect(progress(page)).toBeHidden();
  await shotAtTwoSizes(page, 'check-every-night-unsafe');
  await page.setViewportSize({ width: 1400, height: 1000 });
  const answerAxe = await new AxeBuilder({ page }).include('.check-every-night').analyze();
  expect(answerAxe.violations.map((violation) => violation.id)).toEqual([]);

  await panel(page).getByRole('button', { name: 'Open the smallest failing night' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(verdict(page)).toHaveText(/^Unsafe: order \d+ applied twice/);
  await expect(page.getByRole('status').filter({ hasText: /^The smallest failing night is open/ })).toBeVisible();
  // Its one added fault ringed and focused; its story told by the key moments.
  await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(1);
  await expect(page.locator('svg.timeline [data-event-index="0"]')).toBeFocused();
  await expect(page.locator('svg.timeline .tl-moment-text').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scenario The night “Check every night” found' })).toBeVisible();
  // The story verify wrote for the night, while it is that night.
  await expect(storyTitle(page)).toHaveText(`A 1-event night that breaks the design: ${FLAGSHIP_TITLE}`);
  await expect(page.locator('.night-story')).toContainText('applied twice');
  await shotAtTwoSizes(page, 'check-every-night-opened');
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Fenced (the F key, the found event still focused), the night is safe, and its story is
  // told from the chart: never "applied twice" beside "Safe". Undo brings the written one back.
  await page.keyboard.press('f');
  await expect(verdict(page)).toHaveText(/^Safe/);
  await expect(storyTitle(page)).toHaveText('The night “Check every night” found');
  await expect(page.locator('.night-story-edited')).toHaveText(
    'A tool found this night; the story below is told from the chart as it is now.',
  );
  await expect(page.locator('.night-story')).toContainText('rejected');
  await expect(page.locator('.night-story')).not.toContainText('applied twice');
  await shotAtTwoSizes(page, 'check-every-night-opened-fenced');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.keyboard.press('Control+z');
  await expect(verdict(page)).toHaveText(/^Unsafe: order \d+ applied twice/);
  await expect(storyTitle(page)).toHaveText(`A 1-event night that breaks the design: ${FLAGSHIP_TITLE}`);

  // One undo step: the flagship is back, and the ring went with the found night.
  await page.keyboard.press('Control+z');
  await expect(storyTitle(page)).toHaveText(FLAGSHIP_TITLE);
  await expect(eventsTable(page)).toContainText('GC pause');
  await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(0);

  // The fenced twin within the same bounds (the form keeps the last ones checked): Safe.
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await checkButton(page).click();
  await expect(panel(page).getByRole('combobox', { name: 'A fault may start every' })).toHaveValue('120000');
  await panel(page).getByRole('button', { name: 'Check', exact: true }).click();
  await expect(progress(page)).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuetext', /^[\d,]+ of 4,096 nights checked$/);
  await expect(panel(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(answer(page)).toHaveText(
    "Safe within these bounds: every night with up to 2 faults (pauses or crashes of 1 min or 5 min, starting every 2 min), the file's own events left out, all 4,096 of them. No order applied twice, no stale token accepted.",
    { timeout: CHECK_MS },
  );
  await expect(panel(page).getByRole('button', { name: 'Open the smallest failing night' })).toHaveCount(0);
  await shotAtTwoSizes(page, 'check-every-night-safe');
});

test('Cancel stops a check midway, says so, and gives the focus back', async ({ page }) => {
  await openPlayground(page);
  await startLongFencedCheck(page);
  await expect(progress(page)).toHaveAttribute('aria-valuetext', /^[\d,]+ of 1,224,441,685 nights checked$/);
  // Midway: some nights checked, most not.
  await expect(progress(page)).not.toHaveAttribute('aria-valuetext', /^0 of/, { timeout: CHECK_MS });
  await shotAtTwoSizes(page, 'check-every-night-running');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await expect(checkButton(page)).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(answer(page)).toHaveText('Check cancelled. Nothing changed.');
  await expect(progress(page)).toBeHidden();
  await expect(checkButton(page)).toBeEnabled();
  await expect(checkButton(page)).toBeFocused();
  // The worker is gone: no answer arrives later.
  await page.waitForTimeout(1500);
  await expect(answer(page)).toHaveText('Check cancelled. Nothing changed.');
});

test('the course: lesson 4 checks every night of fencing off, then of fencing on', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Course', exact: true }).click();
  const map = page.getByRole('dialog', { name: 'Course map' });
  const l4 = map.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Lesson 4:/ }) });
  // The map states both answers, with their bounds.
  await expect(l4).toContainText('is unsafe, a night with one fault breaks it');
  await expect(l4).toContainText('is safe in all 4,096 nights');
  await l4.getByRole('button', { name: 'Check every night: the unsafe design, then the fixed one' }).click();
  await expect(map).toBeHidden();
  await expect(storyTitle(page)).toHaveText(FLAGSHIP_TITLE);
  await expect(answer(page)).toHaveText(/^Unsafe: a night with one fault breaks it/, { timeout: CHECK_MS });
  await panel(page)
    .getByRole('button', { name: /^Now check the fixed design: / })
    .click();
  await expect(storyTitle(page)).toHaveText('Paused holder: token 7 against token 8 (fencing on)');
  await expect(answer(page)).toHaveText(/^Safe within these bounds: .* all 4,096 of them\./, { timeout: CHECK_MS });
});

test("lesson 4's last step checks the step's night, then offers the fenced one", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#lesson=l4&step=11');
  await expect(page.getByText(/^One night is not every night\./)).toBeVisible();
  await page.getByRole('button', { name: 'Check every night: the unsafe design, then the fixed one' }).click();
  await expect(answer(page)).toHaveText(/^Unsafe: a night with one fault breaks it/, { timeout: CHECK_MS });
  // The lesson stays open until a night of the check's is opened.
  await expect(page.getByText('Step 11 of 11')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /^Now check the fixed design: / })).toBeVisible();
});

test('in Arabic: the form, the progress and the answer', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/?lang=ar');
  const button = page.getByRole('button', { name: 'افحص كل ليلة', exact: true });
  await button.click();
  const arabicPanel = page.getByRole('region', { name: 'افحص كل ليلة' });
  await expect(arabicPanel.getByRole('group', { name: 'الأعطال المضافة إلى كل ليلة' })).toBeVisible();
  await arabicPanel.getByRole('combobox', { name: 'أقصى عدد من الأعطال في ليلة واحدة' }).selectOption('1');
  await arabicPanel.getByRole('combobox', { name: 'يمكن أن يبدأ عطل كل' }).selectOption('120000');
  await arabicPanel.getByRole('checkbox', { name: /^استبعد أحداث الملف نفسه/ }).check();
  await arabicPanel.getByRole('button', { name: 'افحص', exact: true }).click();
  await expect(arabicPanel.getByRole('status')).toHaveText(/^غير آمن: ليلة بعطل واحد تكسره/, { timeout: CHECK_MS });
  await expect(arabicPanel.getByRole('button', { name: 'افتح أصغر ليلة فاشلة' })).toBeVisible();
  await shotAtTwoSizes(page, 'check-every-night-arabic');
  await page.setViewportSize({ width: 1400, height: 1000 });
  const axe = await new AxeBuilder({ page }).include('.check-every-night').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Opened, the night's story and its found event's label are in Arabic too: the story verify
  // wrote in English is told again from the chart, in the page's language.
  await arabicPanel.getByRole('button', { name: 'افتح أصغر ليلة فاشلة' }).click();
  await expect(storyTitle(page)).toHaveText('الليلة التي وجدها «افحص كل ليلة»');
  await expect(page.locator('.night-story-edited')).toHaveText(
    'وجدت أداةٌ هذه الليلة؛ القصة أدناه مرويّة من المخطط كما هو الآن.',
  );
  await expect(page.locator('.night-story')).toContainText('طُبِّق مرتين');
  await expect(page.locator('.night-story')).not.toContainText(/breaks the design|applied twice/);
  await expect(page.locator('svg.timeline .tl-handle-label').first()).toHaveText('\u2067وجدها «افحص كل ليلة»\u2069');
  await shotAtTwoSizes(page, 'check-every-night-arabic-opened');
});

test("at most no fault: the file's own night in one plain sentence, unsafe then safe", async ({ page }) => {
  await openPlayground(page);
  await checkButton(page).click();
  // The flagship's own night (its GC pause kept) already breaks: the form says one night.
  await panel(page).getByRole('combobox', { name: 'At most this many faults in one night' }).selectOption('0');
  await expect(panel(page)).toContainText('1 night within these bounds.');
  await panel(page).getByRole('button', { name: 'Check', exact: true }).press('Enter');
  await expect(answer(page)).toHaveText(
    /^Unsafe: the file's own night already breaks it, with no fault added: [^.]+\.$/,
    { timeout: CHECK_MS },
  );
  await expect(panel(page)).not.toContainText(/1 nights|none with fewer/);
  // The failing night is the one on screen: nothing else to open, the next step has the focus.
  await expect(panel(page).getByRole('button', { name: 'Open the smallest failing night' })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Change the bounds' })).toBeFocused();
  await shotAtTwoSizes(page, 'check-every-night-no-fault-unsafe');
  await page.setViewportSize({ width: 1400, height: 1000 });

  // Fencing on: the same one night is safe, said without an alphabet of faults it does not have.
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await checkButton(page).click();
  await panel(page).getByRole('combobox', { name: 'At most this many faults in one night' }).selectOption('0');
  await panel(page).getByRole('button', { name: 'Check', exact: true }).click();
  await expect(answer(page)).toHaveText(
    "Safe within these bounds: the night with no fault added, on top of the file's own events, applies no order twice and accepts no stale token. With no fault allowed, it is the only night within these bounds.",
    { timeout: CHECK_MS },
  );
});

test('one answer above the chart at a time, and Escape closes it, or cancels the check it is running', async ({
  page,
}) => {
  const findButton = page.getByRole('button', { name: 'Find a failure', exact: true });
  const searchPanel = page.getByRole('region', { name: 'Find a failure' });
  await openPlayground(page);
  await findButton.click();
  await expect(searchPanel.getByRole('status')).toHaveText(/^A \d+-event night breaks/, { timeout: CHECK_MS });
  // Asking the other question puts its panel in the found night's place: the chart stays where it was.
  await checkButton(page).click();
  await expect(panel(page).getByRole('checkbox', { name: 'pauses', exact: true })).toBeFocused();
  await expect(searchPanel).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(checkButton(page)).toBeFocused();
  // And the other way round: a found night's panel closes a check's answer.
  await checkButton(page).press('Enter');
  await chooseSmallBounds(page);
  await panel(page).getByRole('button', { name: 'Check', exact: true }).click();
  await expect(answer(page)).toHaveText(/^Unsafe/, { timeout: CHECK_MS });
  await findButton.click();
  await expect(panel(page)).toHaveCount(0);
  await expect(searchPanel.getByRole('status')).toHaveText(/^A \d+-event night breaks/, { timeout: CHECK_MS });
  await searchPanel.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Escape');
  await expect(searchPanel).toHaveCount(0);
  await expect(findButton).toBeFocused();

  // While a check runs, Escape is its Cancel.
  await startLongFencedCheck(page);
  await expect(panel(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(progress(page)).not.toHaveAttribute('aria-valuetext', /^0 of/, { timeout: CHECK_MS });
  await page.keyboard.press('Escape');
  await expect(answer(page)).toHaveText('Check cancelled. Nothing changed.');
  await expect(checkButton(page)).toBeFocused();
  // A search started now runs beside nothing: the cancelled check's panel gives way too.
  await findButton.click();
  await expect(panel(page)).toHaveCount(0);
  await expect(searchPanel.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(searchPanel.getByRole('status')).toHaveText('Search cancelled. Nothing changed.');
  await expect(findButton).toBeFocused();
});
