import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { choosePreset, openPlayground, shot, timeline } from './support/leaseline';

/**
 * The chart tells the night's story in words (issue 11): the flagship's key moments are on the
 * chart (the takeover, the expiry, "applied twice"; with fencing, "rejected"), placed so that
 * no two drawn labels overlap, and a person can walk them with Next key moment, each read out
 * in the live region. Screenshots for review go to test-results/shots/.
 */

const momentStatus = (page: Page) => page.locator('p.panels-moment[role="status"]');

/** The drawn boxes of every label on the chart (moments, violation words, write labels). */
async function drawnLabelBoxes(page: Page) {
  return page.locator('svg.tl').evaluate((svg) =>
    [...svg.querySelectorAll<SVGGraphicsElement>('.tl-moment-text, .tl-violation-text, .tl-write-token')]
      .filter((text) => text.getAttribute('display') !== 'none' && (text.textContent ?? '') !== '')
      .map((text) => {
        const box = text.getBoundingClientRect();
        return { text: text.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
      }),
  );
}

function overlaps(boxes: Awaited<ReturnType<typeof drawnLabelBoxes>>): string[] {
  const clashes: string[] = [];
  // Half a pixel of slack: glyph boxes of neighbouring lines may touch.
  const slack = 0.5;
  boxes.forEach((a, index) => {
    for (const b of boxes.slice(index + 1)) {
      if (
        a.x + slack < b.x + b.width &&
        b.x + slack < a.x + a.width &&
        a.y + slack < b.y + b.height &&
        b.y + slack < a.y + a.height
      )
        clashes.push(`"${a.text}" / "${b.text}"`);
    }
  });
  return clashes;
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`at ${size.width}x${size.height} the flagship's chart says what happened, in labels that do not overlap`, async ({
    page,
  }) => {
    await openPlayground(page);
    await page.setViewportSize(size);
    const chart = timeline(page);
    await expect(chart).toContainText('B takes over with token 8');
    await expect(chart).toContainText("A's lease expires at 02:05:00");
    await expect(chart).toContainText('applied twice');
    await expect(chart).toContainText('A wakes at 02:07:30 and still believes it holds the lock');
    await expect(chart).toContainText('#1002 A·7');
    expect(overlaps(await drawnLabelBoxes(page))).toEqual([]);
    // Placed for the type size the page gives the chart, the lane names' size.
    const sizes = await chart.evaluate((svg) => [
      svg.querySelector('.tl-moment-text')?.getAttribute('font-size'),
      getComputedStyle(svg.querySelector('.tl-lane-label') as Element).fontSize,
    ]);
    expect(`${sizes[0]}px`).toBe(sizes[1]);
    await shot(page, 'story-s07-off');

    await page.getByRole('switch', { name: 'Fencing' }).click();
    await expect(chart).toContainText('#1003: token 7 < 8, rejected as stale');
    await expect(chart).not.toContainText('applied twice');
    expect(overlaps(await drawnLabelBoxes(page))).toEqual([]);
    await shot(page, 'story-s07-on');

    // Each night's turning points are on its chart, in words, at both sizes.
    const turningPoints: Record<string, readonly string[]> = {
      's10-redis-failover': [
        "The Redis primary dies at 02:00:00.500; the replica takes over without A's key",
        'B takes over with token 7',
        'applied twice',
      ],
      's14-paused-leader': [
        'B takes over as leader with token 5',
        'A wakes at 02:02:20 and still leads until 02:02:30',
        'applied twice',
      ],
      's15-etcd-session-expires': [
        "A's etcd session expires at 02:01:40",
        'B takes over with token 8',
        'rejected as stale',
      ],
    };
    for (const [id, words] of Object.entries(turningPoints)) {
      await choosePreset(page, id);
      await expect(chart.locator('.tl-moment').first()).toBeVisible();
      for (const text of words)
        await expect(chart.locator('.tl-moment-text', { hasText: text }).first(), id).toBeVisible();
      expect(overlaps(await drawnLabelBoxes(page)), id).toEqual([]);
      await shot(page, `story-${id}`);
    }
  });
}

test("Next key moment walks the flagship's story in order, each moment read out", async ({ page }) => {
  await openPlayground(page);
  const next = page.getByRole('button', { name: 'Next key moment' });
  const heard: string[] = [];
  for (let step = 0; step < 9; step++) {
    const before = await momentStatus(page).textContent();
    await next.click();
    await expect(momentStatus(page)).not.toHaveText(before ?? '');
    heard.push((await momentStatus(page).textContent()) ?? '');
  }
  expect(heard).toEqual([
    '02:00:00: A acquires the lock, token 7',
    '02:01:30: A pauses at 02:01:30 while holding the lock',
    "02:05:00: A's lease expires at 02:05:00",
    '02:05:10: B takes over with token 8',
    '02:07:10: B releases the lock',
    '02:07:30: A wakes at 02:07:30 and still believes it holds the lock',
    '02:07:50: #1003 applied twice',
    '02:08:20: #1004 applied twice',
    '02:08:50: #1005 applied twice',
  ]);
  // The playhead went there too.
  await expect(page.getByRole('slider', { name: 'Playhead' })).toHaveAttribute('aria-valuetext', '02:08:50.002');
  // And back, by keyboard (Shift+[), as the shortcuts list says.
  await page.locator('body').press('Shift+BracketLeft');
  await expect(momentStatus(page)).toHaveText('02:08:20: #1004 applied twice');
  await page.getByRole('button', { name: 'Previous key moment' }).click();
  await expect(momentStatus(page)).toHaveText('02:07:50: #1003 applied twice');
  await page.locator('body').press('Shift+BracketRight');
  await expect(momentStatus(page)).toHaveText('02:08:20: #1004 applied twice');
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await expect(page.getByRole('dialog')).toContainText('Step to the previous or next key moment of the story');
  await page.keyboard.press('Escape');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('presenting a lesson at 1280x720, the words are placed for the projector type and nothing past the curtain is told', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#lesson=l4&step=3&present=1');
  const chart = page.locator('svg.tl');
  await expect(chart.locator('.tl-moment').first()).toBeVisible();
  // Step 3 asks what happens to A's token-7 write: its outcome must not be on the chart yet.
  await expect(chart).not.toContainText('rejected as stale');
  await expect(chart).not.toContainText('applied twice');
  expect(overlaps(await drawnLabelBoxes(page))).toEqual([]);
  // Readable on a projector: the key moments' words and the lane names are 18 px or more on the
  // screen (the layout's size times the scale it is drawn at), measured on the drawn text.
  const onScreenPx = await chart.evaluate((svg) => {
    const perLayoutPx = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
    return ['.tl-moment-text', '.tl-lane-label'].map(
      (selector) => Number.parseFloat(getComputedStyle(svg.querySelector(selector) as Element).fontSize) * perLayoutPx,
    );
  });
  for (const px of onScreenPx) expect(px).toBeGreaterThanOrEqual(18);
  await shot(page, 'story-present-l4-3');
});

/**
 * Labels that cross a lesson's curtain, measured on the drawn text: the curtain is painted over
 * the words, so a label reaching past its left edge is cut ("A wa"). The masked write's own
 * name (`#1003 A·7`), drawn above the curtain beside its neutral square, is the one exception.
 */
async function labelsCrossingCurtain(page: Page): Promise<string[] | null> {
  return page.locator('svg.tl').evaluate((svg) => {
    const panel = svg.querySelector('.tl-curtain-panel');
    if (!panel) return null;
    const curtainLeft = panel.getBoundingClientRect().left;
    const masked = [...svg.querySelectorAll('.tl-write--masked')].map((write) => write.getBoundingClientRect());
    const crossing: string[] = [];
    for (const text of svg.querySelectorAll('.tl-moment-text, .tl-violation-text, .tl-write-token, .tl-fence-label')) {
      if (text.getAttribute('display') === 'none' || (text.textContent ?? '') === '') continue;
      const box = text.getBoundingClientRect();
      const middle = (box.top + box.bottom) / 2;
      const namesMasked =
        text.classList.contains('tl-write-token') &&
        masked.some(
          (write) =>
            box.left >= write.right - 1 &&
            box.left - write.right < 8 &&
            Math.abs(middle - (write.top + write.bottom) / 2) < 4,
        );
      if (!namesMasked && box.right > curtainLeft + 0.5)
        crossing.push(
          `"${text.textContent}" ends at ${Math.round(box.right)}, the curtain begins at ${Math.round(curtainLeft)}`,
        );
    }
    return crossing;
  });
}

for (const { name, url, size } of [
  { name: 'lesson 5 step 5 at 1400x900', url: '/#lesson=l5&step=5', size: { width: 1400, height: 900 } },
  {
    name: 'lesson 5 step 5 presented at 1280x720',
    url: '/#lesson=l5&step=5&present=1',
    size: { width: 1280, height: 720 },
  },
  {
    name: 'lesson 5 step 3 presented at 1280x720',
    url: '/#lesson=l5&step=3&present=1',
    size: { width: 1280, height: 720 },
  },
  {
    name: 'lesson 5 step 5 presented at 1920x1080',
    url: '/#lesson=l5&step=5&present=1',
    size: { width: 1920, height: 1080 },
  },
]) {
  test(`${name}, no label runs under the curtain: each is shortened or left out`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(url);
    const chart = page.locator('svg.tl');
    await expect(chart.locator('.tl-curtain-panel')).toBeVisible();
    await expect(chart.locator('.tl-lane').first()).toBeVisible();
    expect(await labelsCrossingCurtain(page)).toEqual([]);
    expect(overlaps(await drawnLabelBoxes(page))).toEqual([]);
    await shot(page, `story-curtain-${url.replace(/\W+/g, '-')}`);
  });
}

test('the words follow the night while A pause is dragged shorter, before the pointer is let go', async ({ page }) => {
  await openPlayground(page);
  const chart = timeline(page);
  await expect(chart).toContainText('B takes over with token 8');
  const edge = await page.getByRole('slider', { name: 'Pause, replica A' }).locator('[data-drag="end"]').boundingBox();
  if (!edge) throw new Error('no pause edge');
  // Four and a half minutes to the left: A wakes at about 02:03, before its lease runs out.
  const at = async (label: string) => {
    const box = await chart.locator('.tl-tick-label', { hasText: label }).boundingBox();
    return box ? box.x + box.width / 2 : Number.NaN;
  };
  const dxPx = (-4.5 * ((await at('02:04')) - (await at('02:02')))) / 2;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + dxPx, edge.y + edge.height / 2, { steps: 12 });
  await expect(chart).not.toContainText('B takes over');
  await expect(chart).not.toContainText('applied twice');
  await expect(
    chart.locator('.tl-moment-text', { hasText: /^A wakes at 02:03:\d0, still holding the lock$/ }),
  ).toHaveCount(1);
  await page.mouse.up();
  await expect(
    chart.locator('.tl-moment-text', { hasText: /^A wakes at 02:03:\d0, still holding the lock$/ }),
  ).toHaveCount(1);
});
