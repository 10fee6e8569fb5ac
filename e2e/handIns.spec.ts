import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  leaseline,
  openPlayground,
  shot,
  shotAtTwoSizes,
  slider,
  timeline,
  verdict,
  xOfTime,
  yOfLane,
} from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * Hand-ins that cannot be gamed (issue 12, defect 3, and the dark export of defect 10): a
 * student draws EX03, types a name and an explanation, and exports: the file is called
 * ex03-<name>-<date>.png, the picture says the name, the verdict and the checklist and shows
 * no selection outline, and the grader reads it unflagged. The untouched flagship exported
 * from the playground is flagged three ways. A dark page offers the light palette.
 */

const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Scenario tools' });
const scratch = () => scratchFolder('hand-ins-');

async function dropFromPalette(page: Page, item: string, lane: string, hhmmss: string): Promise<void> {
  const chart = timeline(page);
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const target = { x: (await xOfTime(page, hhmmss)) - box.x, y: (await yOfLane(page, lane)) - box.y };
  await page.getByRole('button', { name: item, exact: true }).dragTo(chart, { targetPosition: target });
}

async function exportAs(page: Page, item: string, dir: string): Promise<{ name: string; file: string }> {
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: item, exact: true }).click();
  const download = await downloading;
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

test('a student’s EX03 hand-in: named, exported as ex03-<name>-<date>.png, graded unflagged', async ({ page }) => {
  test.setTimeout(90_000);
  await openPlayground(page);
  await page.setViewportSize({ width: 1400, height: 1600 });
  await page.getByRole('group', { name: 'Learn' }).getByRole('button', { name: 'Exercise EX03' }).click();
  // The student's own night: not the flagship's 02:01:30 to 02:07:30 (drawn exactly, that
  // would be flagged as identical to S07, and the grader would read the explanation).
  // The palette's pause outlasts the 5-minute lease by a minute: 02:01:00 to 02:07:00.
  await dropFromPalette(page, 'Pause', 'Replica A', '02:01:00');
  const pause = slider(page, 'Pause, replica A');
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:00 to 02:07:00');
  await expect(page.getByText('All six steps are shown: the night is an unsafe lease.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Your name' }).fill('Zoë Martin');
  const answer = 'A stalls past its lease; B takes over and writes; A wakes and writes too: applied twice.';
  await page.getByRole('textbox', { name: 'Your explanation' }).fill(answer);
  // The pause stays selected, as it is after editing it: the picture must not show that.
  await pause.click();
  await expect(page.locator('svg.timeline .tl-handle--selected')).toHaveCount(1);

  const dir = await scratch();
  const png = await exportAs(page, 'Picture with the scenario inside (PNG)', dir);
  expect(png.name).toMatch(/^ex03-zoë-martin-\d{4}-\d\d-\d\d\.png$/);
  // The selection is back once the picture is taken.
  await expect(page.locator('svg.timeline .tl-handle--selected')).toHaveCount(1);
  const svg = await readFile((await exportAs(page, 'Picture (SVG)', dir)).file, 'utf8');
  expect(svg).toContain('Student: Zoë Martin');
  expect(svg).toContain(
    'Unsafe: order 1002 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:20; 3 more orders too.',
  );
  expect(svg).toContain('EX03 checklist: 6 of 6 shown');
  expect(svg).toContain('✓ A stalls while holding it');
  expect(svg).not.toContain('tl-handle--selected');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`file://${png.file}`);
  await shot(page, 'handin-png', { fullPage: true });
  await page.goBack();

  const graded = await leaseline('grade', 'ex03', png.file);
  expect(graded.code).toBe(0);
  expect(graded.stdout).toMatch(
    /ex03-zoë-martin-[\d-]+\.png: complete\n {2}student: Zoë Martin\n {2}explanation: 17 words\n/,
  );

  const page2 = path.join(dir, 'class.html');
  expect((await leaseline('grade', 'ex03', dir, '--html', page2)).code).toBe(0);
  const html = await readFile(page2, 'utf8');
  expect(html).toContain('<h2><bdi>Zoë Martin</bdi></h2>');
  expect(html).toContain('data:image/png;base64,');
  await page.goto(`file://${page2}`);
  await shotAtTwoSizes(page, 'grade-html');
});

test('the untouched flagship exported from the playground is flagged three ways', async ({ page }) => {
  await openPlayground(page);
  await expect(verdict(page)).toHaveText(/^Unsafe/);
  const dir = await scratch();
  const png = await exportAs(page, 'Picture with the scenario inside (PNG)', dir);
  const graded = await leaseline('grade', 'ex03', png.file);
  expect(graded.stdout.split('\n')[0]).toBe(
    `${png.file}: complete [flagged: not an exercise; identical to built-in preset s07-fencing-off; no explanation]`,
  );
});

test('on a dark page the export menu offers the light palette, and the picture is light', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openPlayground(page);
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByRole('button', { name: 'Picture with the scenario inside, light colours (PNG)' }),
  ).toBeVisible();
  await shot(page, 'export-dark-menu');
  await page.keyboard.press('Escape');
  const dir = await scratch();
  const dark = await readFile((await exportAs(page, 'Picture (SVG)', dir)).file, 'utf8');
  const light = await readFile((await exportAs(page, 'Picture, light colours (SVG)', dir)).file, 'utf8');
  expect(dark).toMatch(/<rect width="100%" height="100%" fill="#121212"/);
  expect(light).toMatch(/<rect width="100%" height="100%" fill="#fff(fff)?"/);
  expect(light).not.toContain('#121212');
  // The page itself stays dark.
  await expect(page.locator('svg.timeline')).not.toHaveClass(/tl--export-light/);
});

test.describe('Hand in: what the instructor will see, said before anything is saved', () => {
  const handInButton = (page: Page) => page.getByRole('button', { name: 'Hand in…' });
  const handInDialog = (page: Page) => page.getByRole('dialog', { name: 'Hand in Exercise EX03' });

  test('the untouched exercise: warned of the missing steps, the explanation and the name; nothing saved', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/#exercise=ex03');
    await expect(page.getByRole('heading', { name: /^Exercise EX03/ })).toBeVisible();
    // The chart the student draws on is beside the checklist, on the first screen.
    const chart = await timeline(page).boundingBox();
    const list = await page.getByRole('list', { name: 'What the night shows' }).boundingBox();
    expect(chart && list && chart.x > list.x + list.width && chart.y < 720 && list.y < 720).toBe(true);
    let downloads = 0;
    page.on('download', () => {
      downloads += 1;
    });
    await handInButton(page).click();
    const dialog = handInDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1 of 6 steps shown.');
    await expect(dialog).toContainText('Steps not shown yet: A stalls while holding it, A');
    await expect(dialog).toContainText('No explanation written');
    await expect(dialog).toContainText(/No name given: the file would be called ex03-no-name-\d{4}-\d\d-\d\d\.png/);
    // The name is asked first; with a warning, saving says "anyway".
    await expect(dialog.getByRole('textbox', { name: 'Your name' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Hand in anyway' })).toBeVisible();
    await shot(page, 'handin-warned');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(downloads).toBe(0);
  });

  test('the example picked into the exercise is named as the built-in preset; a name asked is the file’s', async ({
    page,
  }) => {
    await openPlayground(page);
    await page
      .locator('input[type="file"]')
      .setInputFiles(path.join(import.meta.dirname, '../tests/grading/hand-ins/kim-ex03-then-preset.json'));
    await expect(handInButton(page)).toBeVisible();
    await handInButton(page).click();
    const dialog = handInDialog(page);
    await expect(dialog).toContainText('All 6 steps shown.');
    await expect(dialog).toContainText('(s07-fencing-off), unchanged: flagged as identical to a built-in preset');
    // A name is given (the file's own, Kim): with a warning, going back has the focus.
    await expect(dialog.getByRole('button', { name: 'Go back to my night' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Your name' }).fill('Kim Lee');
    await expect(dialog).toContainText(/ex03-kim-lee-\d{4}-\d\d-\d\d\.png/);
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Hand in anyway' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ex03-kim-lee-\d{4}-\d\d-\d\d\.png$/);
    const file = path.join(await scratch(), download.suggestedFilename());
    await download.saveAs(file);
    const graded = await leaseline('grade', 'ex03', file);
    expect(graded.stdout).toContain('[flagged: identical to built-in preset s07-fencing-off]');
    expect(graded.stdout).toContain('student: Kim Lee');
  });
});
