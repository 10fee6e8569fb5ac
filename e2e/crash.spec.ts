import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openPlayground, verdict } from './support/leaseline';

/**
 * When something breaks, the work is never lost: an uncaught error puts up the fallback,
 * which downloads the scenario being worked on as a JSON file (edits included), and Try again
 * brings the playground back with the work still there.
 */
test('an uncaught error offers the work as a file, and Try again brings it back', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe\b/);

  await page.evaluate(() => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
  });
  const alert = page.getByRole('alert', { name: 'Something went wrong on this page' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('What broke: boom');

  const downloading = page.waitForEvent('download');
  await alert.getByRole('button', { name: 'Download my work (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const saved = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
  expect(saved.format).toBe('leaseline/scenario');
  expect(saved.storage.fencing).toBe('job');

  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
});
