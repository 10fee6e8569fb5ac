import { expect, type Page, test } from '@playwright/test';
import { chooseLearn, learnMenu, openPlayground, pauseOfA, scenarioMenu, shot, verdict } from './support/leaseline';

/**
 * Modes do not leak into the learner's night. Digits and letters typed while a control other
 * than the chart has the focus (the Learn menu, the Course button, the Scenario menu) are
 * stray typing: no lesson opens, no answer is given, fencing stays as it was. And a lesson,
 * presented and left, never replaces the learner's own night: the edited night, its undo
 * history and its autosave are there when the lesson closes.
 */

const fencing = (page: Page) => page.getByRole('switch', { name: 'Fencing' });
const lessonCard = (page: Page) => page.getByRole('region', { name: /^Lesson \d/ });
const presentation = (page: Page) => page.getByRole('main', { name: 'Presentation' });
const FLAGSHIP = /^Paused holder: token 7 against token 8 \(fencing off\)/;
/** The learner's night below: the flagship's fenced twin, then edited. */
const FENCED_FLAGSHIP = /^Paused holder: token 7 against token 8 \(fencing on\)/;

test('stray digits and letters typed on a menu or a button open no lesson and change nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPlayground(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'false');
  const undo = page.getByRole('button', { name: 'Undo' });
  for (const control of [
    learnMenu(page),
    page.getByRole('button', { name: 'Course' }),
    scenarioMenu(page),
    page.getByRole('button', { name: 'Copy share link' }),
  ]) {
    await control.focus();
    await page.keyboard.type('123f]+');
    await expect(lessonCard(page)).toHaveCount(0);
    await expect(presentation(page)).toHaveCount(0);
    await expect(fencing(page)).toHaveAttribute('aria-checked', 'false');
    await expect(scenarioMenu(page)).toHaveText(FLAGSHIP);
    await expect(undo).toBeDisabled();
  }
  await shot(page, 'stray-digits-nothing-happened');
  // The same keys on the chart are its shortcuts: F turns fencing on, one undo step.
  await page.locator('svg.timeline').focus();
  await page.keyboard.press('f');
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'true');
  await expect(undo).toBeEnabled();
});

test("a lesson opened, presented and left gives back the learner's own edited night, its undo and its autosave", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(verdict(page)).toHaveText(/^Unsafe/);
  // The learner's own night: the flagship with fencing turned on (its fenced twin, one undo
  // step), then moved a step with the keyboard (an edit of the learner's own).
  await fencing(page).click();
  await expect(verdict(page)).toHaveText(/^Safe/);
  await pauseOfA(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(scenarioMenu(page)).toContainText('(edited)');

  await chooseLearn(page, 'Lesson 5: A nightly job once across three replicas');
  const card = page.getByRole('region', { name: 'Lesson 5: A nightly job once across three replicas' });
  await expect(card.getByText('Step 1 of')).toBeVisible();
  // Step 1 asks first: Next reveals without a prediction, then moves on.
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card.getByText(/^No prediction/)).toBeVisible();
  await card.getByRole('button', { name: 'Next' }).click();
  await expect(card.getByText('Step 2 of')).toBeVisible();
  await card.getByRole('button', { name: 'Present' }).click();
  await expect(presentation(page)).toBeVisible();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('Escape');
  await expect(presentation(page)).toHaveCount(0);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Close the lesson' }).click();
  await expect(lessonCard(page)).toHaveCount(0);
  await expect(page.getByText(/^Lesson closed: your own night is back/)).toBeVisible();

  // The plain playground: the learner's edited flagship, never "The night of lesson 5".
  await expect(scenarioMenu(page)).toHaveText(FENCED_FLAGSHIP);
  await expect(scenarioMenu(page)).toContainText('(edited)');
  await expect(scenarioMenu(page)).not.toContainText('lesson');
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'true');
  await expect(verdict(page)).toHaveText(/^Safe/);
  await shot(page, 'learner-night-back-after-lesson');
  // Its undo history came back with it: two Undos are the learner's own steps (the pause
  // moved, then fencing), undone.
  await page.keyboard.press('ControlOrMeta+z');
  await expect(scenarioMenu(page)).not.toContainText('(edited)');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'false');
  await expect(verdict(page)).toHaveText(/^Unsafe/);
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await page.keyboard.press('ControlOrMeta+Shift+z');
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'true');
  await expect(scenarioMenu(page)).toContainText('(edited)');

  // Reloaded in the middle of a lesson, the saved work is still the learner's night.
  await chooseLearn(page, 'Lesson 5: A nightly job once across three replicas');
  await expect(card.getByText('Step 1 of')).toBeVisible();
  await expect(page.getByText('✓ Saved')).toBeVisible();
  await page.reload();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Close the lesson' }).click();
  await expect(scenarioMenu(page)).toHaveText(FENCED_FLAGSHIP);
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'true');
  await expect(verdict(page)).toHaveText(/^Safe/);
});
