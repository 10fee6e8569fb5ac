import { expect, type Page, test } from '@playwright/test';
import {
  appTookOver,
  leaseline,
  linkFragment,
  openPlayground,
  presetDocument,
  scenarioFile,
  shot,
  verdict,
} from './support/leaseline';

/**
 * A misspelt key in a file a person opens (`lockAtMostFr` for `lockAtMostFor` in the unfenced
 * flagship: the default 30-minute lease applies and the night turns Safe) is named in the
 * verdict's box, with the key meant, in English and in Arabic, whether the file is opened from
 * the toolbar or arrives as a share link; the page says what `leaseline check` says.
 */

const SENTENCE = 'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?';

/** The flagship with its lease's key misspelt, as a file on disk. */
async function misspeltFlagship(): Promise<string> {
  const flagship = await presetDocument('s07-fencing-off');
  const { lockAtMostFor, ...lock } = flagship.lock as Record<string, unknown>;
  return scenarioFile('typo.json', { ...flagship, lock: { ...lock, lockAtMostFr: lockAtMostFor } });
}

/** The verdict's box: the live region's sentence and what stands beside it. */
const verdictBox = (page: Page) => page.locator('.verdict').filter({ has: page.getByRole('status') });

async function openFromToolbar(page: Page, file: string): Promise<void> {
  await page.locator('input[type="file"]').first().setInputFiles(file);
}

test('a misspelt key is named beside the verdict, with the key meant, as the command line names it', async ({
  page,
}) => {
  const file = await misspeltFlagship();
  const cli = await leaseline('check', file);
  expect(cli.code).toBe(0);
  expect(cli.stderr).toBe(`${file}: warning: ${SENTENCE}\n`);

  await openPlayground(page);
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await expect(page.getByTestId('key-warnings')).toHaveCount(0);
  await openFromToolbar(page, file);
  await expect(page.getByText('Opened typo.json. It has keys that are not fields')).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  const warnings = verdictBox(page).getByTestId('key-warnings');
  await expect(warnings).toBeVisible();
  await expect(warnings.getByRole('listitem')).toHaveText([SENTENCE]);
  await expect(warnings).toContainText('the verdict above is for the night without them');
  // Beside the verdict: right under its sentence, not somewhere down the page.
  const sentenceBox = await verdict(page).boundingBox();
  const warningsBox = await warnings.boundingBox();
  if (sentenceBox === null || warningsBox === null) throw new Error('both are drawn');
  expect(warningsBox.y - (sentenceBox.y + sentenceBox.height)).toBeLessThan(24);
  await shot(page, 'key-warnings');

  // The same file as a share link: the key travels in the link and is named again.
  await page.goto('about:blank');
  await openPlayground(page, await linkFragment(file));
  await expect(verdictBox(page).getByTestId('key-warnings').getByRole('listitem')).toHaveText([SENTENCE]);
});

test('in Arabic, the warning is an Arabic sentence around the key and the key meant as written', async ({ page }) => {
  const file = await misspeltFlagship();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await appTookOver(page);
  await openFromToolbar(page, file);
  const warnings = verdictBox(page).getByTestId('key-warnings');
  await expect(warnings).toBeVisible();
  await expect(warnings).toContainText('تنبيه');
  const item = warnings.getByRole('listitem');
  const text = ((await item.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
  expect(text).toBe('lock.lockAtMostFr ليس حقلًا في قفل من نوع "shedlock"؛ هل تقصد lockAtMostFor؟');
  await shot(page, 'key-warnings-ar');
});
