import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  centre,
  check,
  eventsTable,
  leaseline,
  openPlayground,
  shot as shotHere,
  slider,
  timeline,
  verdict,
  xOfTime,
  yOfLane,
} from './support/leaseline';
import { scratchFolder } from './support/scratch';

/**
 * Handing work in and getting it back, as a student does it, in Chromium: the EX03 exercise
 * drawn with the mouse from an empty night, the checklist, the explanation, the PNG export
 * (graded by `leaseline grade`), autosave across a reload, opening the PNG in a fresh browser,
 * a bad file that changes nothing, and two tabs that never overwrite each other silently.
 */

const shot = (page: Page, name: string) => shotHere(page, `exchange-${name}`);
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Scenario tools' });
const checklist = (page: Page) => page.getByRole('list', { name: 'What the night shows' });
const explanation = (page: Page) => page.getByRole('textbox', { name: 'Your explanation' });
const saveStatus = (page: Page) => toolbar(page).getByRole('status');

async function scratchDir(): Promise<string> {
  return scratchFolder('exchange-');
}

/** Drags a palette item onto a lane at a time of night, as features.spec.ts does. */
async function dropFromPalette(page: Page, item: string, lane: string, hhmmss: string): Promise<void> {
  const chart = timeline(page);
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const target = { x: (await xOfTime(page, hhmmss)) - box.x, y: (await yOfLane(page, lane)) - box.y };
  await page.getByRole('button', { name: item, exact: true }).dragTo(chart, { targetPosition: target });
}

/** Drags a locator's centre horizontally to the x of a time of night. */
async function dragToTime(page: Page, handle: Locator, hhmmss: string): Promise<void> {
  const from = await centre(handle);
  const toX = await xOfTime(page, hhmmss);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + toX) / 2, from.y, { steps: 8 });
  await page.mouse.move(toX, from.y, { steps: 8 });
  await page.mouse.up();
}

/** Opens the exercise from the toolbar and draws the EX03 answer with the mouse. */
async function drawEx03Answer(page: Page): Promise<void> {
  await page.getByRole('group', { name: 'Learn' }).getByRole('button', { name: 'Exercise EX03' }).click();
  await expect(page.getByRole('heading', { name: /^Exercise EX03/ })).toBeVisible();
  await expect(slider(page, /^Pause, replica /)).toHaveCount(0);
  await expect(checklist(page).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByText('1 of 6 shown')).toBeVisible();
  await shot(page, 'exercise-empty');

  // A GC pause on A at 02:01:30: the palette makes it outlast the 5-minute lease by a minute,
  // so it ends at 02:07:30, past the lease's expiry...
  await dropFromPalette(page, 'Pause', 'Replica A', '02:01:30');
  const pause = slider(page, 'Pause, replica A');
  await expect(checklist(page).getByRole('listitem').filter({ hasText: 'A stalls' })).toContainText(
    'Shown at 02:01:30',
  );
  // ...and its end edge still drags: a minute shorter, then back.
  await dragToTime(page, pause.locator('.tl-handle-edge--end'), '02:06:30');
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:06:30');
  await dragToTime(page, pause.locator('.tl-handle-edge--end'), '02:07:30');
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
}

test.describe('exercise EX03, handed in as a picture', () => {
  test('drawn with the mouse, checked, explained, exported, reloaded, reopened elsewhere and graded', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await openPlayground(page);
    // Tall enough for the exercise panel, the chart and the palette at once.
    await page.setViewportSize({ width: 1400, height: 1600 });
    await drawEx03Answer(page);

    // The checklist ticks every part, each with the time the night shows it.
    await expect(page.getByText('All six steps are shown: the night is an unsafe lease.')).toBeVisible();
    const items = checklist(page).getByRole('listitem');
    await expect(items.filter({ hasText: 'Shown' })).toHaveCount(6);
    await expect(items.filter({ hasText: 'A acquires the lease' })).toContainText('Shown at 02:00:00.002, replica A');
    await expect(items.filter({ hasText: "A's lease expires" })).toContainText(/Shown at 02:05:00/);
    await expect(items.filter({ hasText: 'B acquires the lease and writes' })).toContainText('replica B');
    await expect(verdict(page)).toHaveText(/^Unsafe\b/);

    // A label on the pause, in the inspector, and the written explanation.
    await page.getByRole('textbox', { name: 'Label' }).fill('GC pause');
    await page.getByRole('textbox', { name: 'Label' }).press('Enter');
    const answer =
      'A stalls in a GC pause past its lease; B takes over with token 8 and writes; A wakes and writes with token 7: both applied.';
    await explanation(page).fill(answer);
    await explanation(page).blur();
    await expect(saveStatus(page)).toHaveText(/Saved/);
    await shot(page, 'exercise-complete');

    // Export the hand-in picture.
    await toolbar(page).getByRole('button', { name: 'Export' }).click();
    await shot(page, 'export-menu');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Picture with the scenario inside (PNG)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const dir = await scratchDir();
    const pngFile = path.join(dir, 'hand-in.png');
    await download.saveAs(pngFile);
    const png = await readFile(pngFile);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // The SVG and the scenario file too: the SVG holds no script, handler or outside reference.
    const svgFile = path.join(dir, 'night.svg');
    const jsonFile = path.join(dir, 'night.json');
    for (const [item, file] of [
      ['Picture (SVG)', svgFile],
      ['Scenario file (JSON)', jsonFile],
    ] as const) {
      await toolbar(page).getByRole('button', { name: 'Export' }).click();
      const next = page.waitForEvent('download');
      await page.getByRole('button', { name: item }).click();
      await (await next).saveAs(file);
    }
    const svg = await readFile(svgFile, 'utf8');
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Its only url()s point inside the file, or are its own embedded font (data:font/woff2).
    expect(svg).not.toMatch(
      /<script|<foreignObject|\son[a-z]+=|href="(?!#)|url\((?!(["']|&quot;)?#|data:font\/woff2;base64,)/i,
    );
    expect(svg).toMatch(/<style[^>]*>@font-face\{font-family:"Inter"/);
    expect(svg).toContain('GC pause');
    expect(svg).toContain('A stalls in a GC pause past its lease;');
    const checked = await check(jsonFile);
    expect(checked.safe).toBe(false);
    expect(JSON.parse(await readFile(jsonFile, 'utf8'))).toMatchObject({ exercise: 'ex03', explanation: answer });

    // Reload: the work is still there (the address holds it, and the autosave with its view).
    await page.reload();
    await expect(verdict(page)).toHaveText(/^Unsafe\b/);
    await expect(slider(page, 'Pause, replica A')).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
    await expect(explanation(page)).toHaveValue(answer);
    await expect(page.getByText('All six steps are shown: the night is an unsafe lease.')).toBeVisible();
    await expect(saveStatus(page)).toHaveText(/Saved/);
    // Opening the app without the address: the autosave alone brings the work back.
    await page.goto('about:blank');
    await openPlayground(page);
    await expect(explanation(page)).toHaveValue(answer);
    await expect(slider(page, 'Pause, replica A')).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
    await expect(page.getByRole('heading', { name: /^Exercise EX03/ })).toBeVisible();

    // A fresh browser (no autosave, no address) opens the PNG through the file picker.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await openPlayground(other);
    await expect(slider(other, 'Pause, replica A')).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
    const choosing = other.waitForEvent('filechooser');
    await toolbar(other)
      .getByRole('button', { name: /^Open a scenario file/ })
      .click();
    await (await choosing).setFiles(pngFile);
    await expect(other.getByRole('status').filter({ hasText: 'Opened hand-in.png.' })).toBeVisible();
    await expect(explanation(other)).toHaveValue(answer);
    await expect(eventsTable(other).getByRole('row', { name: /Pause, replica A 02:01:30 6m.* GC pause/ })).toHaveCount(
      1,
    );
    await expect(other.getByText('All six steps are shown: the night is an unsafe lease.')).toBeVisible();
    // The import is one undoable step.
    await toolbar(other).getByRole('button', { name: 'Undo' }).click();
    await expect(other.getByRole('heading', { name: /^Exercise EX03/ })).toHaveCount(0);
    await fresh.close();

    // The instructor's command grades the downloaded picture: all six parts.
    const graded = await leaseline('grade', 'ex03', pngFile);
    expect(graded.stderr).toBe('');
    expect(graded.code).toBe(0);
    for (const item of ['acquires', 'stalls', 'expires', 'takeover', 'resumesWrites', 'bothApplied'])
      expect(graded.stdout).toMatch(new RegExp(`\\[x\\]\\s+${item}\\b`));
    expect(graded.stdout).toMatch(/hand-in\.png: complete/);
  });
});

test('a bad file says what is wrong and changes nothing: not the scenario, not Undo, not the autosave', async ({
  page,
}) => {
  await openPlayground(page);
  const dir = await scratchDir();
  const bad = path.join(dir, 'broken.json');
  await writeFile(bad, '{"format": "leaseline/scenario", "version": 1, "events": [{"type": "pause", "replica": "A"}]}');
  const newer = path.join(dir, 'newer.json');
  await writeFile(newer, '{"format": "leaseline/scenario", "version": 7}');
  // One edit first, so there is something to undo and something autosaved.
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(saveStatus(page)).toHaveText(/Saved/);
  const address = page.url();
  const saved = await page.evaluate(() => localStorage.getItem('leaseline:autosave'));

  for (const [file, reason] of [
    [bad, /broken\.json cannot be opened\. At events\[0\]/],
    [newer, /newer\.json cannot be opened\..*version 7/],
  ] as const) {
    const choosing = page.waitForEvent('filechooser');
    await toolbar(page)
      .getByRole('button', { name: /^Open a scenario file/ })
      .click();
    await (await choosing).setFiles(file);
    await expect(page.getByRole('alert')).toContainText(reason);
    await expect(page.getByRole('alert')).toContainText(/^Nothing changed/);
  }
  await shot(page, 'bad-file');
  expect(page.url()).toBe(address);
  expect(await page.evaluate(() => localStorage.getItem('leaseline:autosave'))).toBe(saved);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  // Undo still undoes the fencing switch, the last thing done before the bad files.
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await expect(toolbar(page).getByRole('button', { name: 'Undo' })).toBeDisabled();
});

test('autosave against the address: a link wins with the saved work one Undo away; a broken link shows the saved work', async ({
  page,
}) => {
  await openPlayground(page);
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(saveStatus(page)).toHaveText(/Saved/);
  const saved = await page.evaluate(() => localStorage.getItem('leaseline:autosave'));

  // A broken link: the saved work (fencing on, safe), the reason, and nothing rewritten.
  await page.goto('about:blank');
  await openPlayground(page, '#s=1.AAAA');
  await expect(page.getByRole('alert')).toContainText(/cannot be opened.*Your autosaved work is shown instead\./);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(toolbar(page).getByRole('button', { name: 'Undo' })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('leaseline:autosave'))).toBe(saved);

  // A good link to another night wins; the autosave is left alone until something changes.
  const link = await leaseline('link', 'src/presets/files/s02-shedlock-happy-path.json');
  await page.goto('about:blank');
  await openPlayground(page, new URL(link.stdout.trim()).hash);
  await expect(
    page.getByRole('status').filter({ hasText: /Your autosaved work from .* is one Undo away/ }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Fencing' })).toHaveAttribute('aria-checked', 'false');
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => localStorage.getItem('leaseline:autosave'))).toBe(saved);
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('switch', { name: 'Fencing' })).toHaveAttribute('aria-checked', 'true');
  await expect(verdict(page)).toHaveText(/^Safe\b/);
});

test('dropping a file on the page shows the drop zone and opens it', async ({ page }) => {
  await openPlayground(page);
  const scenario = await leaseline('preset', 's02-shedlock-happy-path');
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'happy.json', { type: 'application/json' }));
    return data;
  }, scenario.stdout);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Drop a scenario file (.json) or a hand-in picture (.png) to open it')).toBeVisible();
  await shot(page, 'drop-zone');
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await expect(page.getByRole('status').filter({ hasText: 'Opened happy.json.' })).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(page.getByText('Drop a scenario file')).toHaveCount(0);
});

test('two tabs never overwrite each other silently: the other tab asks, and either choice keeps both', async ({
  context,
}) => {
  const first = await context.newPage();
  await openPlayground(first);
  const second = await context.newPage();
  await openPlayground(second);
  // The first tab changes something and saves it...
  await first.getByRole('switch', { name: 'Fencing' }).click();
  await expect(saveStatus(first)).toHaveText(/Saved/);
  // ...the second, which had not seen it, is told and autosave there waits for a choice.
  const prompt = second.getByRole('alert').filter({ hasText: 'Another tab saved different work' });
  await expect(prompt).toBeVisible();
  await expect(saveStatus(second)).toHaveText(/another tab has newer work/);
  await shot(second, 'two-tabs');
  // Changing something in the second tab does not overwrite the first tab's work.
  await second.getByRole('button', { name: 'Pause', exact: true }).click();
  await second.waitForTimeout(800);
  expect(
    await second.evaluate(
      () => JSON.parse(localStorage.getItem('leaseline:autosave') ?? '{}').document.storage.fencing,
    ),
  ).toBe('job');

  // Load theirs: the first tab's work opens, the second's own is one Undo away.
  await prompt.getByRole('button', { name: 'Load theirs' }).click();
  await expect(verdict(second)).toHaveText(/^Safe\b/);
  await expect(prompt).toHaveCount(0);
  await toolbar(second).getByRole('button', { name: 'Undo' }).click();
  await expect(slider(second, /^Pause, replica /)).toHaveCount(2);
  await expect(saveStatus(second)).toHaveText(/Saved/);

  // Now the first tab is the one behind: it asks too, and Keep mine keeps the other aside.
  const back = first.getByRole('alert').filter({ hasText: 'Another tab saved different work' });
  await expect(back).toBeVisible();
  await back.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveStatus(first)).toHaveText(/Saved/);
  const kept = await first.evaluate(() => JSON.parse(localStorage.getItem('leaseline:autosave:displaced') ?? '{}'));
  expect(kept.document.events).toHaveLength(2);
  // The set-aside work is offered in the page: Open it (one Undo step), then let it go.
  const offer = first.getByRole('status').filter({ hasText: 'was set aside when you kept yours' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Open it' }).click();
  await expect(slider(first, /^Pause, replica /)).toHaveCount(2);
  await toolbar(first).getByRole('button', { name: 'Undo' }).click();
  await expect(slider(first, /^Pause, replica /)).toHaveCount(1);
  await offer.getByRole('button', { name: 'Let it go' }).click();
  await expect(offer).toHaveCount(0);
  expect(await first.evaluate(() => localStorage.getItem('leaseline:autosave:displaced'))).toBeNull();
});

test('the exercise mode, the open Export menu and the conflict prompt pass axe', async ({ context }) => {
  const page = await context.newPage();
  await openPlayground(page, '#exercise=ex03');
  await expect(page.getByRole('heading', { name: /^Exercise EX03/ })).toBeVisible();
  const other = await context.newPage();
  await openPlayground(other);
  await other.getByRole('switch', { name: 'Fencing' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Another tab saved different work' })).toBeVisible();
  await toolbar(page).getByRole('button', { name: 'Export' }).click();
  await expect(page.getByRole('list', { name: 'Export the scenario' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html.slice(0, 100)).join(' | ')}`),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Export the scenario' })).toBeHidden();
  await expect(toolbar(page).getByRole('button', { name: 'Export' })).toBeFocused();
});

test('print puts the verdict, the timeline and the explanation on one page', async ({ page }) => {
  await openPlayground(page, '#exercise=ex03');
  await expect(page.getByRole('heading', { name: /^Exercise EX03/ })).toBeVisible();
  await explanation(page).fill('A paused past its lease.');
  await explanation(page).blur();
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'print');
  await expect(page.getByRole('toolbar', { name: 'Scenario tools' })).toBeHidden();
  await expect(timeline(page)).toBeVisible();
  await expect(page.getByRole('paragraph').filter({ hasText: /^A paused past its lease\.$/ })).toBeVisible();
  await expect(explanation(page)).toBeHidden();
  const pdf = await page.pdf({ landscape: true, printBackground: true });
  // One page: a PDF counts its pages in the page tree.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);

  // `#exercise=ex03` pasted into the open page: it asks before the work is replaced, then a
  // fresh night, one Undo away from the last.
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    window.location.hash = '#exercise=ex03';
  });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Replace my night' }).click();
  await expect(explanation(page)).toHaveValue('');
  await expect(page).toHaveURL(/#s=1\./);
  await toolbar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(explanation(page)).toHaveValue('A paused past its lease.');
});
