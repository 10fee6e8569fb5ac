import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  chooseLearn,
  choosePreset,
  learnMenu,
  openPlayground,
  pauseOfA,
  scenarioMenu,
  shot,
  shotAtTwoSizes,
  verdict,
} from './support/leaseline';

/**
 * Choosing is an explicit act, and one mode is open at a time. The Scenario and Learn menus
 * are buttons with a list: arrowing through them opens nothing, Enter or a click does, once.
 * The exercise's night is the student's: a lesson, a preset, a link or a fresh exercise asks
 * before replacing it, and opening the exercise leaves a lesson visibly.
 */

const lessonCard = (page: Page) => page.getByRole('region', { name: /^Lesson \d/ });
const exercisePanel = (page: Page) =>
  page.getByRole('region', { name: 'Exercise EX03: the timeline of an unsafe lease' });
const explanation = (page: Page) => page.getByRole('textbox', { name: 'Your explanation' });
const question = (page: Page) => page.getByRole('alertdialog');
const undoButton = (page: Page) => page.getByRole('button', { name: 'Undo' });

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(({ id, nodes }) => `${id} (${nodes.length}): ${nodes[0]?.html.slice(0, 120)}`);
}

/** The exercise opened with the button, and some of the student's work in it. */
async function exerciseWithWork(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  await expect(exercisePanel(page)).toBeVisible();
  await explanation(page).fill('A stalls past its lease; B takes over.');
  await explanation(page).blur();
}

test.describe('the Scenario menu', () => {
  test('arrowing through the list opens nothing; Enter opens one night, one undo step', async ({ page }) => {
    await openPlayground(page);
    const menu = scenarioMenu(page);
    await expect(menu).toHaveText(/Paused holder: token 7 against token 8 \(fencing off\)/);
    await menu.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Scenario' });
    await expect(list).toBeVisible();
    await expect(list).toBeFocused();
    for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowDown');
    // Three arrows: the night is the same, and Undo has nothing to undo.
    await expect(menu).toHaveText(/Paused holder: token 7 against token 8 \(fencing off\)/);
    await expect(undoButton(page)).toBeDisabled();
    await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    const active = await list.getAttribute('aria-activedescendant');
    const chosen = (await page.locator(`[id="${active}"]`).locator('span').first().textContent()) ?? '';
    expect(chosen).not.toBe('');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveText(new RegExp(chosen.replace(/[()]/g, '\\$&')));
    await undoButton(page).click();
    await expect(menu).toHaveText(/Paused holder: token 7 against token 8 \(fencing off\)/);
    await expect(undoButton(page)).toBeDisabled();
  });

  test('Escape closes the list without choosing; letters jump and do not reach the page', async ({ page }) => {
    await openPlayground(page);
    const fencing = page.getByRole('switch', { name: 'Fencing' });
    await scenarioMenu(page).click();
    const list = page.getByRole('listbox', { name: 'Scenario' });
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(scenarioMenu(page)).toBeFocused();
    await expect(undoButton(page)).toBeDisabled();
  });

  test('is grouped by topic with full titles, and says "(edited)" once the night differs', async ({ page }) => {
    await openPlayground(page);
    await scenarioMenu(page).click();
    const list = page.getByRole('listbox', { name: 'Scenario' });
    for (const topic of [
      'No lock',
      'ShedLock',
      'Fencing tokens',
      'Clocks',
      'Redis',
      'Leader election',
      'etcd and ZooKeeper',
      'PostgreSQL advisory locks',
      'Jobs that need no lock',
    ])
      await expect(list.getByRole('group', { name: topic, exact: true })).toBeVisible();
    await expect(
      list
        .getByRole('group', { name: 'etcd and ZooKeeper' })
        .getByRole('option', { name: /etcd lock: the session expires under a paused holder; the revision fences it/ }),
    ).toBeVisible();
    await shotAtTwoSizes(page, 'modes-scenario-menu');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Fencing on opens the flagship's fenced twin, a preset of its own: not "(edited)".
    await page.getByRole('switch', { name: 'Fencing' }).click();
    await expect(scenarioMenu(page)).toHaveText(/\(fencing on\)/);
    await expect(scenarioMenu(page)).not.toHaveText(/\(edited\)/);
    // A moved pause: the night is no longer the preset's.
    await pauseOfA(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect(scenarioMenu(page)).toHaveText(/\(fencing on\) \(edited\)/);
    await page.screenshot({
      path: 'test-results/shots/modes-scenario-edited-1920.png',
      clip: { x: 0, y: 0, width: 1920, height: 200 },
    });
    // The pause moved back by hand: the same night as the preset, so no "(edited)".
    await page.keyboard.press('ArrowLeft');
    await expect(scenarioMenu(page)).not.toHaveText(/\(edited\)/);
  });
});

test.describe('the Learn menu', () => {
  test('arrowing opens no lesson; Enter opens the one chosen', async ({ page }) => {
    await openPlayground(page);
    await learnMenu(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox', { name: 'Learn' });
    await expect(list).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(lessonCard(page)).toHaveCount(0);
    await expect(undoButton(page)).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(lessonCard(page)).toBeVisible();
    await expect(page).toHaveURL(/#lesson=l\d&step=1$/);
  });
});

test.describe('one mode at a time', () => {
  test('Exercise EX03 with a lesson open leaves the lesson, and says so', async ({ page }) => {
    await openPlayground(page);
    await chooseLearn(page, 'Lesson 4: Fencing tokens');
    await expect(lessonCard(page)).toBeVisible();
    await page.getByRole('button', { name: 'Exercise EX03' }).click();
    await expect(lessonCard(page)).toHaveCount(0);
    await expect(exercisePanel(page)).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /Lesson 4: Fencing tokens closed: Exercise EX03 is open/ }),
    ).toBeVisible();
    await shot(page, 'modes-lesson-left-for-exercise');
  });

  test('#exercise=ex03 pasted with a lesson open leaves the lesson too', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/#lesson=l4&step=1');
    await expect(lessonCard(page)).toBeVisible();
    await page.evaluate(() => {
      window.location.hash = '#exercise=ex03';
    });
    await expect(exercisePanel(page)).toBeVisible();
    await expect(lessonCard(page)).toHaveCount(0);
  });

  test('a lesson chosen over the exercise asks first; Keep my night changes nothing', async ({ page }) => {
    await openPlayground(page);
    await exerciseWithWork(page);
    await chooseLearn(page, 'Lesson 4: Fencing tokens');
    await expect(question(page)).toBeVisible();
    await expect(question(page)).toContainText('Replace your Exercise EX03 night with Lesson 4: Fencing tokens?');
    await expect(question(page).getByRole('button', { name: 'Keep my night' })).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'modes-confirm-replace');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(question(page)).toBeHidden();
    await expect(exercisePanel(page)).toBeVisible();
    await expect(explanation(page)).toHaveValue('A stalls past its lease; B takes over.');
    await expect(lessonCard(page)).toHaveCount(0);
  });

  test('a preset chosen over the exercise asks; Replace leaves it visibly and Undo brings it back', async ({
    page,
  }) => {
    await openPlayground(page);
    await exerciseWithWork(page);
    await choosePreset(page, 's02-shedlock-happy-path');
    await expect(question(page)).toContainText('Replace your Exercise EX03 night with ShedLock happy path?');
    await question(page).getByRole('button', { name: 'Replace my night' }).click();
    await expect(exercisePanel(page)).toHaveCount(0);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'You left Exercise EX03: ShedLock happy path is open. Undo brings your night back.' }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await shot(page, 'modes-left-exercise');
    await undoButton(page).click();
    await expect(exercisePanel(page)).toBeVisible();
    await expect(explanation(page)).toHaveValue('A stalls past its lease; B takes over.');
  });

  test('Exercise EX03 again, over work, asks before the fresh night replaces it', async ({ page }) => {
    await openPlayground(page);
    await exerciseWithWork(page);
    await page.getByRole('button', { name: 'Exercise EX03' }).click();
    await expect(question(page)).toContainText('with a fresh, empty exercise night?');
    await page.keyboard.press('Escape');
    await expect(explanation(page)).toHaveValue('A stalls past its lease; B takes over.');
  });

  test('an exercise view chosen over the exercise asks too', async ({ page }) => {
    await openPlayground(page);
    await exerciseWithWork(page);
    await chooseLearn(page, 'EX04: the fenced update, statement by statement');
    await expect(question(page)).toBeVisible();
    await question(page).getByRole('button', { name: 'Replace my night' }).click();
    await expect(page.getByRole('region', { name: 'EX04: the fenced update, statement by statement' })).toBeVisible();
    await expect(exercisePanel(page)).toHaveCount(0);
  });

  test('an empty exercise is left without a question (nothing to lose)', async ({ page }) => {
    await openPlayground(page);
    await page.getByRole('button', { name: 'Exercise EX03' }).click();
    await choosePreset(page, 's07-fencing-on');
    await expect(question(page)).toHaveCount(0);
    await expect(verdict(page)).toHaveText(/^Safe\b/);
    await expect(pauseOfA(page)).toBeVisible();
  });
});

test.describe('a setting chosen with the arrow keys', () => {
  test('arrowing through the closed Lock kind select changes nothing until Enter, then one undo step', async ({
    page,
  }) => {
    await openPlayground(page);
    const kind = page.getByLabel('Lock kind');
    const before = await kind.inputValue();
    await kind.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(kind).not.toHaveValue(before);
    await expect(page.getByText('Enter applies this choice; Esc goes back.')).toBeVisible();
    // Nothing applied yet: the night is the flagship's, Undo has nothing to undo.
    await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    await expect(undoButton(page)).toBeDisabled();
    await page.keyboard.press('Enter');
    await expect(verdict(page)).not.toHaveText(/^Unsafe: order 1003 applied twice/);
    await undoButton(page).click();
    await expect(kind).toHaveValue(before);
    await expect(undoButton(page)).toBeDisabled();
  });
});

test('a link pasted over the exercise and kept out puts the address back to the night shown', async ({ page }) => {
  await openPlayground(page);
  await exerciseWithWork(page);
  const own = new URL(page.url()).hash;
  await page.evaluate(() => {
    window.location.hash = '#exercise=ex03';
  });
  await question(page).getByRole('button', { name: 'Keep my night' }).click();
  await expect(explanation(page)).toHaveValue('A stalls past its lease; B takes over.');
  // The address is this night's link again, so "Copy share link" copies the night on screen.
  await expect.poll(() => new URL(page.url()).hash).toBe(own);
});
