import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The wiring, in a real browser: picking a preset recomputes its check report and the
 * verdict is announced in the status region. Presets S07 with fencing off and on are the
 * lab's acceptance pair (DOMAIN.md §9): off ends unsafe, on ends safe.
 */

const picker = (page: Page) => page.getByLabel('Scenario');
const verdict = (page: Page) => page.getByRole('status');

/**
 * Chooses a preset with the keyboard as a person would: Tab to the select, then arrow keys
 * until it shows the wanted option (a native select changes value on arrow keys while closed).
 */
async function chooseByKeyboard(page: Page, presetId: string): Promise<void> {
  const select = picker(page);
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const target = values.indexOf(presetId);
  expect(target, `preset ${presetId} is in the menu`).toBeGreaterThanOrEqual(0);

  await page.keyboard.press('Tab');
  await expect(select).toBeFocused();
  const current = values.indexOf(await select.inputValue());
  const key = target > current ? 'ArrowDown' : 'ArrowUp';
  for (let step = 0; step < Math.abs(target - current); step += 1) await page.keyboard.press(key);
  await expect(select).toHaveValue(presetId);
}

/** Accessibility problems axe-core finds on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(({ id, help, nodes }) => `${id}: ${help} (${nodes.length})`);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });

    test('a person picks S07 without and with fencing and reads the verdicts', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle(/Leaseline/);
      await expect(picker(page)).toBeVisible();

      await chooseByKeyboard(page, 's07-fencing-off');
      await expect(verdict(page)).toHaveText(/^Unsafe\b/);
      await expect(page.getByRole('table', { name: /write of an order/i })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // The mouse route: a native select is operated through its options.
      await picker(page).selectOption('s07-fencing-on');
      await expect(verdict(page)).toHaveText(/^Safe\b/);
      expect(await axeViolations(page)).toEqual([]);

      await page.screenshot({ path: `/tmp/leaseline-report-${colorScheme}.png`, fullPage: true });
    });
  });
}
