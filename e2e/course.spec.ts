import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { shot } from './support/leaseline';

/**
 * The course map in Chromium: opened from the toolbar with the keyboard and with the mouse,
 * an exercise's and a quiz topic's scenarios opened from it in two steps, each checked by the
 * verdict of the night it opens; the map closes with Escape and passes axe.
 */

const verdict = (page: Page) => page.getByRole('status').filter({ hasText: /^(Safe|Unsafe)\b/ });
const courseButton = (page: Page) => page.getByRole('button', { name: 'Course', exact: true });
const courseMap = (page: Page) => page.getByRole('dialog', { name: 'Course map' });
const presetsOf = (page: Page, title: string) => courseMap(page).getByRole('list', { name: `Scenarios for ${title}` });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/');
  await expect(verdict(page)).toBeVisible();
});

test('opens with the keyboard, jumps to EX02 and opens its scenarios with Tab and Enter', async ({ page }) => {
  await courseButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(courseMap(page)).toBeVisible();
  await expect(courseMap(page).getByRole('heading', { level: 3 })).toHaveText([
    'Lessons',
    'Lab',
    'Exercises',
    'Quiz topics',
  ]);
  // Tab along the jump row to EX02 (a bounded walk: the row comes right after Close).
  const jump = courseMap(page).getByRole('navigation', { name: 'Jump to an item' });
  for (let presses = 0; presses < 12; presses++) {
    if (await jump.getByRole('button', { name: 'EX02', exact: true }).evaluate((b) => b === document.activeElement))
      break;
    await page.keyboard.press('Tab');
  }
  await expect(jump.getByRole('button', { name: 'EX02', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const exercise2 = courseMap(page).getByRole('heading', { name: /^Exercise 2:/ });
  await expect(exercise2).toBeFocused();
  // The jump brings the item to the top of the map, under the dialog's own heading.
  const mapHeading = await courseMap(page).getByRole('heading', { name: 'Course map' }).boundingBox();
  const itemHeading = await exercise2.boundingBox();
  expect((itemHeading?.y ?? 0) - ((mapHeading?.y ?? 0) + (mapHeading?.height ?? 0))).toBeLessThan(80);
  // The exercise's Hand in comes first, then its scenarios in order: leader dies, partitioned
  // leader exits, partitioned leader carries on.
  await page.keyboard.press('Tab');
  await expect(courseMap(page).getByRole('button', { name: 'Hand in EX02…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const continues = presetsOf(page, "Exercise 2: leader election and the leader's death").getByRole('button', {
    name: /carries on/,
  });
  await expect(continues).toBeFocused();
  await expect(continues).toContainText('✗ shows the failure');
  await page.keyboard.press('Enter');
  await expect(courseMap(page)).toBeHidden();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await expect(courseButton(page)).toBeFocused();

  // Shift+Tab back onto the leader that exits on failed renewal: safe.
  await page.keyboard.press('Enter');
  await expect(courseMap(page)).toBeVisible();
  const ex02 = presetsOf(page, "Exercise 2: leader election and the leader's death");
  await ex02.getByRole('button', { name: /carries on/ }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(ex02.getByRole('button', { name: /stops in time/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveText(/^Safe\b/);
});

test("opens with the mouse, and Q6's two scenarios give the verdicts the map promises", async ({ page }) => {
  await courseButton(page).click();
  await expect(courseMap(page)).toBeVisible();
  await shot(page, 'course-course-map');
  await presetsOf(page, 'Quiz 10: lockAtMostFor shorter than the run').scrollIntoViewIfNeeded();
  await shot(page, 'course-course-quiz');
  const q6 = presetsOf(page, 'Quiz 6: where the fencing check lives');
  await q6.getByRole('button', { name: /the pause falls in between/ }).click();
  await expect(courseMap(page)).toBeHidden();
  await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);

  await courseButton(page).click();
  await q6.getByRole('button', { name: /with the check in the resource/ }).click();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(verdict(page)).toContainText('stale');
  await shot(page, 'course-course-q6');

  // Opening a scenario is one undo step: back to the unfenced night.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
});

test('closes with Escape, changing nothing, and has no axe violations while open', async ({ page }) => {
  const before = await verdict(page).textContent();
  await courseButton(page).click();
  await expect(courseMap(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(results.violations.map(({ id, nodes }) => `${id} (${nodes.length})`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(courseMap(page)).toBeHidden();
  await expect(verdict(page)).toHaveText(before ?? '');
  await expect(courseButton(page)).toBeFocused();
});

test('starts lesson 5’s guided tour from the map, and presents it', async ({ page }) => {
  await courseButton(page).click();
  const lesson5 = courseMap(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Lesson 5/ }) });
  await lesson5.getByRole('button', { name: 'Start the guided tour' }).click();
  await expect(courseMap(page)).toBeHidden();
  await expect(page.getByRole('region', { name: /^Lesson 5/ })).toBeVisible();
  await courseButton(page).click();
  await lesson5.getByRole('button', { name: 'Present it (projector)' }).click();
  await expect(page.getByRole('main', { name: 'Presentation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('main', { name: 'Presentation' })).toHaveCount(0);
});
