import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { leaseline, openPlayground, shot, verdict } from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * A night measured by `leaseline lab --out` (e2e/fixtures/measured-night.json: a real run on
 * the embedded PostgreSQL, built-in worker, job fencing) opened as a student opens a file:
 * the Open... button. The page draws the measured night above the simulated one and says
 * where they agree; a broken measured section names its JSON path and changes nothing.
 */
const fixture = path.join(import.meta.dirname, 'fixtures', 'measured-night.json');
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Scenario tools' });

async function openFile(page: Page, file: string): Promise<void> {
  const choosing = page.waitForEvent('filechooser');
  await toolbar(page)
    .getByRole('button', { name: /^Open a scenario file/ })
    .click();
  await (await choosing).setFiles(file);
}

test('a measured night opens beside its simulation, with the agreement in words', async ({ page }) => {
  await openPlayground(page);
  await expect(page.getByRole('region', { name: /^Measured on PostgreSQL/ })).toHaveCount(0);
  await openFile(page, fixture);
  await expect(page.getByRole('status').filter({ hasText: 'Opened measured-night.json.' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Measured on PostgreSQL, beside the simulation' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('PostgreSQL 18.4');
  const chart = panel.getByRole('img', { name: /^The measured night/ });
  await expect(chart).toBeVisible();
  await expect(chart.getByText('Measured (PostgreSQL)')).toBeVisible();
  await expect(chart.getByText('Simulated (same configuration)')).toBeVisible();
  // Both nights granted 7 then 8, applied nothing twice, and turned A's token-7 write away.
  await expect(panel.getByTestId('measured-agreement')).toHaveText(
    'The measured and the simulated night agree on the tokens granted (7, 8), the orders applied twice (none) and the stale writes rejected (1).Both nights are safe.',
  );
  await expect(panel.getByTestId('measured-band-measured').getByText('✕')).toHaveCount(1);
  await expect(panel.getByTestId('measured-band-simulated').getByText('✕')).toHaveCount(1);
  await expect(panel.getByTestId('measured-band-measured').getByText('✓')).toHaveCount(5);
  await expect(verdict(page)).toHaveText(/^Safe/);

  // Fencing off in the simulation only: the simulated night now applies orders twice, the
  // measured one did not, and the sentence says where they part.
  await page.getByRole('switch', { name: /Fencing/ }).click();
  await expect(panel.getByTestId('measured-agreement')).toContainText(
    'they differ on the orders applied twice (measured none, simulated',
  );
  await expect(panel.getByTestId('measured-agreement')).toContainText(
    'The measured night is safe; the simulated one is unsafe.',
  );
  await page.keyboard.press('Control+z');
  await expect(panel.getByTestId('measured-agreement')).toContainText('Both nights are safe.');

  // What PostgreSQL answered, in words: the writes and every statement of the built-in worker.
  await panel.getByText(/^What PostgreSQL answered/).click();
  const writes = panel.getByRole('table', { name: /^Every write of the measured night/ });
  await expect(writes.getByRole('row').filter({ hasText: 'stale: turned away by the fence' })).toHaveCount(1);
  const statements = panel.getByRole('table', { name: /^The built-in worker's statements/ });
  await expect(statements.getByRole('row').filter({ hasText: 'granted' })).toHaveCount(2);
  await expect(statements.getByRole('row').filter({ hasText: 'INSERT INTO shedlock' }).first()).toContainText(
    'RETURNING fencing_token',
  );

  await panel.locator('details').screenshot({ path: 'test-results/shots/measured-tables.png' });
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await panel.scrollIntoViewIfNeeded();
    await shot(page, 'measured');
  }
  const axe = await new AxeBuilder({ page }).include('[data-testid="measured-night"]').analyze();
  expect(axe.violations).toEqual([]);
});

test('a measured night also opens by dropping the file and through leaseline link', async ({ page }) => {
  const panel = page.getByRole('region', { name: 'Measured on PostgreSQL, beside the simulation' });
  await openPlayground(page);
  const text = await readFile(fixture, 'utf8');
  const transfer = await page.evaluateHandle((content) => {
    const data = new DataTransfer();
    data.items.add(new File([content], 'dropped-night.json', { type: 'application/json' }));
    return data;
  }, text);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await expect(page.getByRole('status').filter({ hasText: 'Opened dropped-night.json.' })).toBeVisible();
  await expect(panel.getByTestId('measured-agreement')).toContainText('agree on the tokens granted (7, 8)');

  const link = await leaseline('link', fixture);
  expect(link.code).toBe(0);
  await page.goto('about:blank');
  await openPlayground(page, new URL(link.stdout.trim()).hash);
  await expect(panel.getByTestId('measured-agreement')).toContainText('Both nights are safe.');
  await expect(panel.getByRole('img', { name: /^The measured night/ })).toBeVisible();
});

test('a broken measured section names the file, the JSON path and the reason, and changes nothing', async ({
  page,
}) => {
  const folder = await scratchFolder('measured-');
  const broken = path.join(folder, 'broken-night.json');
  const file = JSON.parse(await readFile(fixture, 'utf8'));
  file.measured.report.grants[0].at = 'at dawn';
  await writeFile(broken, JSON.stringify(file));
  await openPlayground(page);
  const before = await verdict(page).textContent();
  await openFile(page, broken);
  await expect(page.getByRole('alert')).toContainText(
    /broken-night\.json cannot be opened\. At measured\.report\.grants\[0\]\.at/,
  );
  await expect(page.getByRole('alert')).toContainText('"at dawn" is not a time of night');
  await expect(page.getByRole('region', { name: /^Measured on PostgreSQL/ })).toHaveCount(0);
  await expect(verdict(page)).toHaveText(before ?? '');
});

test('a night measured on Redis with a failover says so, not PostgreSQL', async ({ page }) => {
  // The fixture's night with the field `leaseline lab --lock redis --failover --out` writes:
  // the heading and the measured band name the lock service the file records.
  const folder = await scratchFolder('measured-');
  const onRedis = path.join(folder, 'redis-night.json');
  const file = JSON.parse(await readFile(fixture, 'utf8'));
  file.measured.lockService = 'redis';
  file.measured.failover = true;
  await writeFile(onRedis, JSON.stringify(file));
  await openPlayground(page);
  await openFile(page, onRedis);
  const panel = page.getByRole('region', { name: 'Measured on a real Redis (with a failover), beside the simulation' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('img', { name: /^The measured night/ }).getByText('Measured (Redis)')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Measured on PostgreSQL/ })).toHaveCount(0);
});
