import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { choosePreset, eventsTable, openPlayground, pauseOfA, shotAtTwoSizes, verdict } from './support/leaseline';

/**
 * "Find a failure" in Chromium, as a person uses it: the search runs in a worker with a named
 * progress bar, the outcome is announced, Open puts the found night in place as one undo
 * step, Cancel stops a search, a fenced design has no failure, and the course's search step
 * searches the unsafe design, then the fixed one.
 */

// A search simulates up to 5,000 nights; on a busy two-core machine that takes a while.
test.setTimeout(300_000);
const SEARCH_MS = 240_000;

const findButton = (page: Page) => page.getByRole('button', { name: 'Find a failure', exact: true });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Nights tried' });
const outcome = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(A \d+-event night breaks|No failure in|Search cancelled)/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Find a failure' });
/** The night's story above the chart names the night on screen. */
const storyTitle = (page: Page) => page.locator('.night-story-title');
const FLAGSHIP_TITLE = 'Paused holder: token 7 against token 8 (fencing off)';

test('on the unfenced flagship: a found night opened as one undo step, its verdict read', async ({ page }) => {
  await openPlayground(page);
  await expect(storyTitle(page)).toHaveText(FLAGSHIP_TITLE);
  // The unfenced flagship breaks within a few nights, so the search is over almost at once
  // (its progress bar is checked on the fenced night's long search, below).
  await findButton(page).click();
  await expect(outcome(page)).toHaveText(
    /^A \d+-event night breaks this design: an order is applied more than once \(found after [\d,]+ nights, seed 1\)\.$/,
    { timeout: SEARCH_MS },
  );
  await expect(progress(page)).toBeHidden();
  // The focus went from Cancel, while it ran, to what comes next.
  await expect(panel(page).getByRole('button', { name: 'Open the night found' })).toBeFocused();
  await shotAtTwoSizes(page, 'find-failure-found');
  await page.setViewportSize({ width: 1400, height: 1000 });

  await panel(page).getByRole('button', { name: 'Open the night found' }).click();
  // The notice says what happened; the panel's work is done.
  await expect(panel(page)).toHaveCount(0);
  // The found night: its story, its verdict, its one event ringed and focused.
  await expect(storyTitle(page)).toHaveText(/\d+-event night that breaks/);
  await expect(verdict(page)).toHaveText(/^Unsafe: order \d+ applied twice/);
  // As many rings as the night has events (the search keeps none of the file's own).
  const events = await eventsTable(page).getByRole('row').count();
  expect(events).toBeGreaterThan(1);
  await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(events - 1);
  const found = page.locator('svg.timeline [data-event-index="0"]');
  await expect(found).toBeFocused();
  await expect(found).toHaveAttribute('aria-label', /replica [ABC]/);
  // The key moments tell its story as on any night.
  await expect(page.locator('svg.timeline .tl-moment-text').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^The night found is open/ })).toBeVisible();
  await shotAtTwoSizes(page, 'find-failure-opened');
  await page.setViewportSize({ width: 1400, height: 1000 });

  // One undo step: the flagship is back, and the rings went with the found night.
  await page.keyboard.press('Control+z');
  await expect(storyTitle(page)).toHaveText(FLAGSHIP_TITLE);
  await expect(eventsTable(page)).toContainText('GC pause');
  await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(0);
  // The notice spoke of the found night: it goes with it rather than cover the controls.
  await expect(page.getByRole('status').filter({ hasText: /^The night found is open/ })).toHaveCount(0);
});

test('Shift+F starts a search; Cancel stops it, says so, and gives the focus back', async ({ page }) => {
  await openPlayground(page);
  // The fenced flagship: nothing breaks it, so the search runs on through its whole budget.
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+F');
  // The progress bar: nights tried out of the budget, and Cancel has the focus.
  await expect(progress(page)).toBeVisible();
  await expect(progress(page)).toHaveAttribute('aria-valuemax', '5000');
  await expect(progress(page)).toHaveAttribute('aria-valuetext', /^[\d,]+ of 5,000 nights tried · /);
  await expect(panel(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Some 5,000 nights take a few seconds here: no pause for pictures before Cancel.
  await expect(progress(page)).not.toHaveAttribute('aria-valuenow', '0', { timeout: SEARCH_MS });
  await expect(findButton(page)).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(outcome(page)).toHaveText('Search cancelled. Nothing changed.');
  await expect(progress(page)).toBeHidden();
  await expect(findButton(page)).toBeEnabled();
  await expect(findButton(page)).toBeFocused();
  // The worker is gone: no outcome arrives later.
  await page.waitForTimeout(1500);
  await expect(outcome(page)).toHaveText('Search cancelled. Nothing changed.');
  await expect(verdict(page)).toHaveText(/^Safe/);
});

test('a search stops when the night takes another design midway, and says why; moving events does not stop it', async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await findButton(page).click();
  await expect(progress(page)).toBeVisible();
  // Moving A's pause with the keyboard keeps the design: the search goes on.
  await pauseOfA(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', '02:01:40 to 02:07:40');
  await expect(progress(page)).toBeVisible();
  await expect(progress(page)).not.toHaveAttribute('aria-valuenow', '0', { timeout: SEARCH_MS });
  // The person changes their mind midway: fencing off again is another design.
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe/);
  await expect(progress(page)).toBeHidden();
  await expect(panel(page).getByRole('status')).toHaveText(
    'Search stopped: the night on screen now has another design (its lock, job, replicas or storage changed). Find a failure will test the design on screen.',
  );
  await expect(findButton(page)).toBeEnabled();
  await shotAtTwoSizes(page, 'find-failure-design-changed');
  // The new design is searched from the same button.
  await findButton(page).click();
  await expect(outcome(page)).toHaveText(/^A \d+-event night breaks this design/, { timeout: SEARCH_MS });
});

test('on the safe recipe (fenced), no failure, with the kinds of fault searched in words', async ({ page }) => {
  await openPlayground(page);
  await choosePreset(page, 's07-fencing-on');
  await findButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(outcome(page)).toHaveText(
    /^No failure in [\d,]+ nights of pauses(, [a-z ]+)* and [a-zA-Z ]+ \(seed 1\)\.$/,
    {
      timeout: SEARCH_MS,
    },
  );
  await expect(panel(page).getByRole('button', { name: 'Open the night found' })).toHaveCount(0);
  await expect(panel(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await shotAtTwoSizes(page, 'find-failure-none');
  await page.setViewportSize({ width: 1400, height: 1000 });
  const axe = await new AxeBuilder({ page }).include('.find-failure').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(outcome(page)).toHaveCount(0);
  await expect(findButton(page)).toBeFocused();
});

test('the shortcuts list names Shift+F, and Esc for the panel', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Shortcuts (?)' }).click();
  const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(list.getByRole('row', { name: /Find a failure: search/ })).toContainText('Shift+F');
  await expect(list.getByRole('row', { name: /Find a failure or Check every night panel/ })).toContainText('Esc');
});

test('an exercise night with work is only replaced by the found night after asking', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  const explanation = page.getByRole('textbox', { name: 'Your explanation' });
  await explanation.fill('A stalls past its lease; B takes over.');
  await explanation.blur();
  await findButton(page).click();
  await expect(outcome(page)).toHaveText(/^A \d+-event night breaks this design/, { timeout: SEARCH_MS });
  await panel(page).getByRole('button', { name: 'Open the night found' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(/Replace your Exercise EX03 night with the \d+-event night the search found\?/);
  await question.getByRole('button', { name: 'Keep my night' }).click();
  await expect(explanation).toHaveValue('A stalls past its lease; B takes over.');
  await panel(page).getByRole('button', { name: 'Open the night found' }).click();
  await question.getByRole('button', { name: 'Replace my night' }).click();
  await expect(storyTitle(page)).toHaveText(/\d+-event night that breaks/);
  await expect(explanation).toBeHidden();
});

test('the course: EX06 searches the Redis SET NX design, then the fixed one', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Course', exact: true }).click();
  const map = page.getByRole('dialog', { name: 'Course map' });
  const ex06 = map.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Exercise 6:/ }) });
  await ex06.getByRole('button', { name: 'Find a failure: search the unsafe design, then the fixed one' }).click();
  await expect(map).toBeHidden();
  await expect(storyTitle(page)).toHaveText('Redis SET NX PX and a failover: token 7 twice');
  await expect(outcome(page)).toHaveText(/^A \d+-event night breaks this design/, { timeout: SEARCH_MS });
  await panel(page)
    .getByRole('button', { name: 'Now search the fixed design: Redis failover with the token from the database' })
    .click();
  await expect(storyTitle(page)).toHaveText('Redis failover with the token from the database');
  await expect(outcome(page)).toHaveText(/^No failure in [\d,]+ nights of pauses, .*Redis failovers.* \(seed 1\)\.$/, {
    timeout: SEARCH_MS,
  });
  await shotAtTwoSizes(page, 'find-failure-course-fixed');
});
