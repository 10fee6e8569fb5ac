import { expect, test } from '@playwright/test';
import {
  leaseline,
  linkFragment,
  openPlayground,
  presetDocument,
  scenarioFile,
  shotAtTwoSizes,
  verdict,
} from './support/leaseline';

/**
 * Verdicts in each job's own words (issue 12, defects 2 and 10): the outbox relay with SKIP
 * LOCKED is the right pattern and the page, the lesson and the CLI say so, in rows published,
 * never "orders" and never "run missed"; the flagship's verdict tells its writes in the order
 * they happened and without the latency model's milliseconds.
 */

const shot = shotAtTwoSizes;

test('lesson 1 step 3: the outbox with SKIP LOCKED is called right, in rows published', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#lesson=l1&step=3');
  const lesson = page.getByRole('region', { name: /^Lesson 1/ });
  await expect(lesson).toContainText('SKIP LOCKED');
  await expect(lesson).toContainText('Step 3 of 6');
  await expect(verdict(page)).toHaveText('Safe: every outbox row published, none twice.');
  await expect(page.getByText(/run was missed|Run missed|not every row published/i)).toHaveCount(0);
  await shot(page, 'l1-s3-outbox-verdict');
});

test('the outbox presets in the playground and the CLI: no "run missed", no "order"', async ({ page }) => {
  const file = await scenarioFile('s16.json', await presetDocument('s16-outbox-for-update'));
  const cli = await leaseline('check', file);
  expect(cli.code).toBe(0);
  expect(cli.stdout).toMatch(/^SAFE .*s16\.json: no outbox row published twice\n/);
  // The file's path (in the test's own folder, named after this test) is not the report's words.
  expect(cli.stdout.replaceAll(file, 'FILE')).not.toMatch(/order|run missed|I6/);
  expect(cli.stdout).toContain('A  row 1 ');

  await openPlayground(page, await linkFragment(file));
  await expect(verdict(page)).toHaveText('Safe: every outbox row published, none twice.');
  await expect(page.getByRole('table', { name: /^Each row's publishes/ })).toBeVisible();
  await expect(page.getByText(/run was missed|Run missed/i)).toHaveCount(0);
});

test('the flagship’s verdict names the earlier write first, in whole seconds', async ({ page }) => {
  await openPlayground(page);
  await expect(verdict(page)).toHaveText(
    'Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50; 2 more orders too.',
  );
  await expect(page.getByRole('region', { name: /^Violations/ })).toContainText(
    'Zombie window: A still believed it held the lock after B took it, for 3 min 50 s',
  );
  await shot(page, 'flagship-verdict');
});
