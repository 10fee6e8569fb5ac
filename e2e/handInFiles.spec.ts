import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { parseDurationMs } from '../src/model/duration';
import { loadHandInFileText } from '../src/model/loadHandInFile';
import { chooseLearn, openPlayground, shot, shotAtTwoSizes } from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * Handing in EX04, EX05 and LAB1 from the app as a student would, with the mouse and the keyboard:
 * the dialog checks the answer with the grader's own loader, the downloaded file is named
 * <exercise>-<name>-<date>.json and loads with `loadHandInFile`. Misuse: no name, a huge
 * paste, a reload at once. Screenshots of both dialogs at two sizes, and one in Arabic.
 */

const dialog = (page: Page) => page.getByRole('dialog');

/** `leaseline grade EXERCISE FILE` on the saved file, as an instructor runs it: its first line. */
function gradeLine(exercise: 'ex04' | 'ex05' | 'lab', file: string): string {
  const run = spawnSync('npx', ['tsx', 'src/cli/main.ts', 'grade', exercise, file], {
    cwd: path.join(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  // `grade lab` says on standard error which worker it is running; nothing else may be there.
  expect(run.stderr.replace(/^leaseline: grade lab: .*\.\.\.\n/gm, '')).toBe('');
  return run.stdout.split('\n')[0] ?? '';
}

async function saveAndCatch(page: Page, dir: string): Promise<{ name: string; text: string; path: string }> {
  const downloading = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: 'Save the hand-in' }).click();
  const download = await downloading;
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), text: await readFile(file, 'utf8'), path: file };
}

test('EX04 handed in from its view: blocked without a name, a huge paste names the limit, then saved and loadable', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const dir = await scratchFolder('hand-in-files-');
  await openPlayground(page);
  await chooseLearn(page, 'EX04: the fenced update, statement by statement');
  await page.getByRole('button', { name: 'Hand in EX04…' }).click();
  await expect(dialog(page)).toBeVisible();
  await shotAtTwoSizes(page, 'hand-in-ex04-empty');

  // No name: Save is refused and the name field has the focus, saying why.
  await dialog(page).getByRole('button', { name: 'Save the hand-in' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Your name' })).toBeFocused();
  await expect(dialog(page).getByText(/Give your name/)).toBeVisible();

  await page.keyboard.type('Alice Martin');
  // A huge paste: the loader's limit is named beside the SQL field.
  const sqlField = dialog(page).getByRole('textbox', { name: 'Your SQL statement' });
  await sqlField.fill('x'.repeat(50_000));
  await page.keyboard.press('Enter');
  await dialog(page).getByRole('button', { name: 'Save the hand-in' }).click();
  await expect(dialog(page).getByText(/at most 4000/)).toBeVisible();
  await expect(sqlField).toBeFocused();

  const sql = 'UPDATE state SET last_token = $1, total = $2 WHERE id = $3 AND last_token <= $1';
  await sqlField.fill('');
  await sqlField.pressSequentially(sql);
  await page.keyboard.press('Tab');
  await page.keyboard.type('The fence refuses a token lower than the last one applied.');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shotAtTwoSizes(page, 'hand-in-ex04-filled');

  const file = await saveAndCatch(page, dir);
  expect(file.name).toMatch(/^ex04-alice-martin-\d{4}-\d{2}-\d{2}\.json$/);
  const loaded = loadHandInFileText(file.text, file.name);
  expect(loaded.ok).toBe(true);
  if (loaded.ok) {
    expect(loaded.document.student).toBe('Alice Martin');
    expect(loaded.document.answer).toEqual({
      sql,
      text: 'The fence refuses a token lower than the last one applied.',
    });
  }
  await expect(page.getByText(`Handed in: saved as ${file.name}`)).toBeVisible();
  // The instructor grades the file as saved: the statement, run on PostgreSQL, is fenced.
  expect(gradeLine('ex04', file.path)).toBe(`${file.path}: pass`);

  // Reopened in the same session: the draft is still there.
  await page.getByRole('button', { name: 'Hand in EX04…' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Your SQL statement' })).toHaveValue(sql);
  // A reload at once: the page comes back whole (the draft was for the session only).
  await page.reload();
  await expect(page.getByRole('button', { name: /^Learn\b/ })).toBeVisible();
});

test('EX05 handed in with the two durations from the sliders and a sentence', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = await scratchFolder('hand-in-files-');
  await openPlayground(page);
  await chooseLearn(page, 'EX05: lockAtMostFor and lockAtLeastFor');
  const explorer = page.getByRole('region', { name: 'EX05: lockAtMostFor and lockAtLeastFor' });
  // The sliders, with the keyboard: lockAtLeastFor up a few steps.
  const atLeast = explorer.getByRole('slider').nth(1);
  await atLeast.focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  const handIn = page.getByRole('button', { name: 'Hand in EX05…' });
  await handIn.focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  const atMostValue = await dialog(page).getByRole('textbox', { name: 'lockAtMostFor' }).inputValue();
  const atLeastValue = await dialog(page).getByRole('textbox', { name: 'lockAtLeastFor' }).inputValue();
  expect(atMostValue).not.toBe('');
  expect(atLeastValue).not.toBe('');
  await dialog(page).getByRole('textbox', { name: 'Your name' }).fill('Bo Chen');
  await dialog(page).getByRole('textbox', { name: 'lockAtMostFor' }).fill('25m');
  await dialog(page).getByRole('textbox', { name: 'Why these two durations' }).click();
  await page.keyboard.type('Longer than the longest run, and longer than the clock skew between replicas.');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shotAtTwoSizes(page, 'hand-in-ex05-filled');

  const file = await saveAndCatch(page, dir);
  expect(file.name).toMatch(/^ex05-bo-chen-\d{4}-\d{2}-\d{2}\.json$/);
  const loaded = loadHandInFileText(file.text, file.name);
  expect(loaded.ok).toBe(true);
  if (loaded.ok)
    expect(loaded.document.answer).toEqual({
      lockAtMostFor: '25m',
      lockAtLeastFor: atLeastValue,
      text: 'Longer than the longest run, and longer than the clock skew between replicas.',
    });
  // The instructor grades the file as saved: its durations judged on simulated nights. 25m
  // outlasts the 20-minute worst case and frees the lock within the hour after a crash; the
  // slider's lockAtLeastFor passes when it covers the 45 s skew and ends before the 5m30s run.
  const atLeastMs = parseDurationMs(atLeastValue);
  const atLeastPasses = atLeastMs.ok && atLeastMs.value >= 46_000 && atLeastMs.value <= 300_000;
  expect(gradeLine('ex05', file.path)).toBe(`${file.path}: ${atLeastPasses ? 'pass' : 'fail'}`);
});

test('LAB1 handed in from the course map by keyboard, then the worker beside it graded by the acceptance test', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dir = await scratchFolder('hand-in-lab-');
  await openPlayground(page);
  await page.getByRole('button', { name: 'Course', exact: true }).click();
  const handIn = page.getByRole('dialog', { name: 'Course map' }).getByRole('button', { name: 'Hand in LAB1…' });
  await handIn.focus();
  await page.keyboard.press('Enter');
  const lab = page.getByRole('dialog', { name: /LAB1/ });
  await expect(lab).toBeVisible();
  await lab.getByRole('textbox', { name: 'Your name' }).focus();
  await page.keyboard.type('Dana Ortiz');
  await page.keyboard.press('Tab');
  await expect(lab.getByRole('textbox', { name: "The worker's folder" })).toBeFocused();
  await page.keyboard.type('worker');
  await page.keyboard.press('Tab');
  await page.keyboard.type('node lab-worker.mjs');
  await page.setViewportSize({ width: 1280, height: 720 });
  await shotAtTwoSizes(page, 'hand-in-lab1-filled');

  const downloading = page.waitForEvent('download');
  await lab.getByRole('button', { name: 'Save the hand-in' }).click();
  const download = await downloading;
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/^lab1-dana-ortiz-\d{4}-\d{2}-\d{2}\.json$/);
  // The student's worker lies beside the file, where the hand-in says; the instructor grades it.
  await mkdir(path.join(dir, 'worker'));
  await copyFile(
    path.join(import.meta.dirname, '..', 'examples', 'lab-worker.mjs'),
    path.join(dir, 'worker', 'lab-worker.mjs'),
  );
  expect(gradeLine('lab', file)).toBe(`${file}: pass`);
});

test('the EX04 hand-in dialog in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /^تعلّم/ }).click();
  await page.getByRole('option', { name: /^EX04/ }).click();
  await page.locator('[data-hand-in="ex04"]').click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).locator('button[type="submit"]').click();
  await shot(page, 'hand-in-ex04-arabic');
});
