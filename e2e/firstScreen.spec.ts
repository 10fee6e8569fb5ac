import { expect, type Page, test } from '@playwright/test';
import { choosePreset, pauseOfA, playhead, presetIds, shot, timeline, verdict } from './support/leaseline';

/**
 * The whole night on a 1280x720 screen (issue 29): the verdict, every lane down to Storage and
 * the playback controls without scrolling; nothing above the chart changes height under the
 * user's hand (the fencing switch's caption, an edit, a preset with other fencing, a notice),
 * so a second drag at the same spot still grabs the pause; and no word on the chart is drawn
 * over another, on every preset, at 1280x720 and 1920x1080. Screenshots go to
 * test-results/shots/.
 */

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

async function openAt(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto('/');
  await expect(verdict(page)).toBeVisible();
}

/** The page y of the chart's top edge. */
async function chartTop(page: Page): Promise<number> {
  const box = await timeline(page).boundingBox();
  if (!box) throw new Error('no chart');
  return box.y;
}

/** Whether the whole of a locator's box is inside the window, without scrolling. */
async function onFirstScreen(page: Page, name: string, locator: ReturnType<Page['locator']>): Promise<string | null> {
  const box = await locator.boundingBox();
  const { height, width } = page.viewportSize() ?? { height: 0, width: 0 };
  if (!box) return `${name}: not drawn`;
  if (box.y < 0 || box.y + box.height > height || box.x < 0 || box.x + box.width > width)
    return `${name}: ${Math.round(box.y)}..${Math.round(box.y + box.height)} of ${height}`;
  return null;
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} the verdict, every lane and the playback controls are on the first screen`, async ({
    page,
  }) => {
    await openAt(page, size);
    await shot(page, 'first-screen');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const chart = timeline(page);
    const missing = [
      await onFirstScreen(page, 'verdict', verdict(page)),
      ...(await Promise.all(
        ['Replica A', 'Replica B', 'Replica C', 'Lock', 'Storage'].map((lane) =>
          onFirstScreen(page, lane, chart.locator('text.tl-lane-label', { hasText: lane })),
        ),
      )),
      // The Storage lane's double write: the ringed dots of the order applied twice.
      await onFirstScreen(page, 'the double write', chart.locator('.tl-write-token', { hasText: '#1005 A·7' })),
      await onFirstScreen(page, 'Play', page.getByRole('button', { name: 'Play', exact: true })),
      await onFirstScreen(page, 'the playhead', playhead(page)),
      await onFirstScreen(page, 'Speed', page.getByRole('combobox', { name: 'Speed' })),
    ].filter((problem) => problem !== null);
    expect(missing).toEqual([]);
  });
}

test('nothing above the chart moves it: the fencing caption, an edit, a preset with other fencing, a notice', async ({
  page,
}) => {
  await openAt(page, SIZES[0]);
  const top = await chartTop(page);
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  expect(await chartTop(page)).toBe(top);
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  // An edit: the pause a minute later (the story then says the night was changed).
  await pauseOfA(page).focus();
  await page.keyboard.press('PageUp');
  await expect(page.getByRole('toolbar', { name: 'Scenario tools' })).toContainText('(edited)');
  expect(await chartTop(page)).toBe(top);
  // The story opened keeps its height whatever it says, edited or not.
  await page.locator('.night-story > summary').click();
  const opened = await chartTop(page);
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('toolbar', { name: 'Scenario tools' })).not.toContainText('(edited)');
  expect(await chartTop(page)).toBe(opened);
  await page.locator('.night-story > summary').click();
  expect(await chartTop(page)).toBe(top);
  for (const id of ['s07-fencing-on', 's04-atmost-too-short', 's16-outbox-crash-before-commit', 's07-fencing-off']) {
    await choosePreset(page, id);
    expect(await chartTop(page), id).toBe(top);
  }
  // A notice (a copied link) floats instead of pushing the chart down.
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'copied' })).toBeVisible();
  expect(await chartTop(page)).toBe(top);
});

test('two drags in a row at the same spot: the second grabs the pause again', async ({ page }) => {
  await openAt(page, SIZES[0]);
  const pause = pauseOfA(page);
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
  const box = await pause.boundingBox();
  if (!box) throw new Error('no pause');
  // A spot on the pause's bar, away from its edges; the same spot both times.
  const spot = { x: box.x + box.width * 0.4, y: box.y + box.height / 2 };
  const dragFromSpot = async (dxPx: number) => {
    await page.mouse.move(spot.x, spot.y);
    await page.mouse.down();
    await page.mouse.move(spot.x + dxPx / 2, spot.y, { steps: 6 });
    await page.mouse.move(spot.x + dxPx, spot.y, { steps: 6 });
    await page.mouse.up();
  };
  await dragFromSpot(-40);
  const afterFirst = await pause.getAttribute('aria-valuetext');
  expect(afterFirst).not.toBe('02:01:30 to 02:07:30');
  // The pause moved left by 40 px; the spot is still on it, and the chart has not moved down.
  await dragFromSpot(-40);
  const afterSecond = await pause.getAttribute('aria-valuetext');
  expect(afterSecond).not.toBe(afterFirst);
  await shot(page, 'after-two-drags');
});

/** Every word the chart draws, as page boxes (axis and lane names, moments, writes, bands, events). */
async function chartTextBoxes(page: Page) {
  return timeline(page).evaluate((svg) =>
    [...svg.querySelectorAll<SVGTextElement>('text')]
      .filter((text) => {
        if ((text.textContent ?? '').trim() === '' || text.closest('[display="none"], .tl-swatch')) return false;
        const style = getComputedStyle(text);
        return style.display !== 'none' && style.visibility !== 'hidden' && Number(style.opacity) > 0;
      })
      .map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
      })
      .filter((box) => box.width > 0 && box.height > 0),
  );
}

type Box = Awaited<ReturnType<typeof chartTextBoxes>>[number];

/** Pairs of words whose boxes intersect by more than a pixel each way. */
function overlaps(boxes: readonly Box[]): string[] {
  const slack = 1;
  const clashes: string[] = [];
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (dx > slack && dy > slack) clashes.push(`"${a.text}" / "${b.text}"`);
    }
  });
  return clashes;
}

/** Words drawn in the plot's clipped layers that run past its left or right edge: the clip cuts them ("crashes"). */
async function wordsCutByThePlot(page: Page): Promise<string[]> {
  return timeline(page).evaluate((svg) => {
    const cut: string[] = [];
    for (const layer of svg.querySelectorAll<SVGGElement>('g[clip-path]')) {
      const id = /#([^)"']+)/.exec(layer.getAttribute('clip-path') ?? '')?.[1];
      const rect = id ? svg.querySelector<SVGRectElement>(`#${CSS.escape(id)} rect`) : null;
      const matrix = layer.getScreenCTM();
      if (!rect || !matrix) continue;
      const left = matrix.a * rect.x.baseVal.value + matrix.e;
      const right = left + matrix.a * rect.width.baseVal.value;
      for (const text of layer.querySelectorAll<SVGTextElement>('text')) {
        if ((text.textContent ?? '').trim() === '' || text.closest('[display="none"]')) continue;
        const box = text.getBoundingClientRect();
        if (box.width > 0 && (box.left < left - 1 || box.right > right + 1)) cut.push(text.textContent ?? '');
      }
    }
    return cut;
  });
}

/** Words whose middle lies under a pause or a crash drawn over them (a process band). */
async function wordsUnderBars(page: Page): Promise<string[]> {
  return timeline(page).evaluate((svg) => {
    const under: string[] = [];
    for (const text of svg.querySelectorAll<SVGTextElement>('text.tl-activity-label')) {
      const box = text.getBoundingClientRect();
      const hit = svg.ownerDocument.elementFromPoint(box.x + Math.min(box.width / 2, 12), box.y + box.height / 2);
      if (hit && hit !== text && hit.closest('.tl-process')) under.push(text.textContent ?? '');
    }
    return under;
  });
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} no word on the chart is drawn over another, under a pause or past the plot's edge, on any preset`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await openAt(page, size);
    const problems: string[] = [];
    for (const id of await presetIds(page)) {
      await choosePreset(page, id);
      await expect(timeline(page).locator('text.tl-lane-label').first()).toBeVisible();
      for (const clash of overlaps(await chartTextBoxes(page))) problems.push(`${id}: ${clash}`);
      for (const word of await wordsUnderBars(page)) problems.push(`${id}: "${word}" under a pause`);
      for (const word of await wordsCutByThePlot(page)) problems.push(`${id}: "${word}" cut by the plot's edge`);
    }
    expect(problems).toEqual([]);
  });
}
