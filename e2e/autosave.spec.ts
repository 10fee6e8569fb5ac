import { expect, type Page, test } from '@playwright/test';
import { dragBy, openPlayground, pauseOfA, verdict } from './support/leaseline';

/**
 * Autosave keeps what was typed: an explanation reloaded at once, or a few hundred
 * milliseconds after the last key, is still there; and "Saved" is only shown when the words
 * on screen are the words in storage.
 */

const saveStatus = (page: Page) => page.getByRole('toolbar', { name: 'Scenario tools' }).getByRole('status');
const explanation = (page: Page) => page.getByRole('textbox', { name: 'Your explanation' });
const WORDS = 'A paused past its lease and B took over; both writes landed.';

for (const delayMs of [0, 150, 300, 450, 600, 900]) {
  test(`an explanation reloaded ${delayMs} ms after the last key is still there`, async ({ page }) => {
    await openPlayground(page);
    await page.getByRole('button', { name: 'Exercise EX03' }).click();
    await expect(saveStatus(page)).toHaveText(/Saved/);
    await explanation(page).click();
    await page.keyboard.type(WORDS);
    if (delayMs > 0) await page.waitForTimeout(delayMs);
    await page.reload();
    await expect(verdict(page)).toBeVisible();
    await expect(explanation(page)).toHaveValue(WORDS);
  });
}

test('a student name reloaded at once is still there, and "Saving…" shows until it is stored', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  await expect(saveStatus(page)).toHaveText(/Saved/);
  await page.getByRole('textbox', { name: 'Your name' }).click();
  await page.keyboard.type('Amal Haddad');
  await expect(saveStatus(page)).toHaveText(/Saving/);
  await page.reload();
  await expect(verdict(page)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Amal Haddad');
});

test('"Saved" is not shown while typed words are not yet in storage', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  await expect(saveStatus(page)).toHaveText(/Saved/);
  await explanation(page).click();
  await page.keyboard.type('Both');
  // Right after the keys, the words are not in storage yet: the status says so.
  const stored = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('leaseline:autosave') ?? '{}').document?.explanation ?? '');
  await expect(saveStatus(page)).toHaveText(/Saving/);
  expect(await stored()).toBe('');
  await expect(saveStatus(page)).toHaveText(/Saved/);
  expect(await stored()).toBe('Both');
});

test('a drag reloaded at once is still there', async ({ page }) => {
  await openPlayground(page);
  await dragBy(page, pauseOfA(page), 80);
  const moved = (await pauseOfA(page).getAttribute('aria-valuetext')) ?? '';
  expect(moved).not.toBe('02:01:30 to 02:07:30');
  await page.reload();
  await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', moved);
});

test('work is written when the tab is hidden, before any timer runs', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Exercise EX03' }).click();
  await expect(saveStatus(page)).toHaveText(/Saved/);
  await explanation(page).click();
  await page.keyboard.type('Hidden');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('leaseline:autosave') ?? '{}').document?.explanation ?? '',
  );
  expect(stored).toBe('Hidden');
});
