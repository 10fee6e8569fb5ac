import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot } from './support/leaseline';

/**
 * The playground as a person uses it, in Chromium: the flagship S07 opens unsafe; the Fencing
 * switch makes it safe; shortening A's pause by dragging its right edge lets A finish before
 * its lease ends; the pause moves with the keyboard; the chart zooms and pans.
 */

const verdict = (page: Page) => page.getByRole('status').filter({ hasText: /^(Safe|Unsafe)\b/ });
const pauseOfA = (page: Page) => page.getByRole('slider', { name: 'Pause, replica A' });
const leaseBars = (page: Page) => page.locator('[data-grant-id]:not([data-lease-end])');

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    ({ id, help, nodes }) =>
      `${id}: ${help} (${nodes.length}): ${nodes
        .slice(0, 3)
        .map((node) => node.html.slice(0, 120))
        .join(' | ')}`,
  );
}

/** Drags with the mouse, in small steps as a hand would. */
async function dragBy(page: Page, from: Locator, dxPx: number): Promise<void> {
  const box = await from.boundingBox();
  if (!box) throw new Error('nothing to drag');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dxPx / 2, y, { steps: 8 });
  await page.mouse.move(x + dxPx, y, { steps: 8 });
  await page.mouse.up();
}

/** Pixels per minute of the plot, read from two axis labels. */
async function minutePx(page: Page): Promise<number> {
  const at = async (label: string) => {
    const box = await page
      .locator('svg.timeline text')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .boundingBox();
    if (!box) throw new Error(`no axis label ${label}`);
    return box.x + box.width / 2;
  };
  return ((await at('02:10')) - (await at('02:00'))) / 10;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/');
  await expect(verdict(page)).toBeVisible();
});

test('S07 opens unsafe, and the Fencing switch makes it safe and back', async ({ page }) => {
  await expect(page).toHaveTitle(/Leaseline/);
  await expect(verdict(page)).toHaveText(
    /^Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50/,
  );
  const fencing = page.getByRole('switch', { name: 'Fencing' });
  await expect(fencing).toHaveAttribute('aria-checked', 'false');
  await fencing.click();
  await expect(fencing).toHaveAttribute('aria-checked', 'true');
  await expect(verdict(page)).toHaveText(/^Safe: .*stale write by A with token 7 at 02:07:50 was rejected/);
  await expect(page.getByRole('button', { name: /Write of order 1003 by A, token 7, stale/ })).toBeVisible();
  await shot(page, 'playground-playground-fenced');
  await fencing.press('Space');
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  expect(await axeViolations(page)).toEqual([]);
});

test('dragging the right edge of A pause to the left lets A finish before its lease ends', async ({ page }) => {
  await expect(leaseBars(page)).toHaveCount(2);
  const pause = pauseOfA(page);
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
  // While the pointer moves, the night re-simulates and the run before the drag stays faint.
  const edge = await pause.locator('[data-drag="end"]').boundingBox();
  if (!edge) throw new Error('no pause edge');
  const dxPx = -4.5 * (await minutePx(page));
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + dxPx, edge.y + edge.height / 2, { steps: 12 });
  await expect(page.locator('svg.timeline [class^="tl-ghost"]').first()).toBeAttached();
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await page.mouse.up();
  await expect(page.locator('svg.timeline [class^="tl-ghost"]')).toHaveCount(0);
  await expect(pause).toHaveAttribute('aria-valuetext', /^02:01:30 to 02:03:\d0$/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await expect(leaseBars(page)).toHaveCount(1);
  await shot(page, 'playground-playground-dragged');
  // One gesture is one undo step.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
});

test('the pause moves with the keyboard, by a step and by ten, and changes length', async ({ page }) => {
  const pause = pauseOfA(page);
  await pause.focus();
  await page.keyboard.press('ArrowRight');
  await expect(pause).toHaveAttribute('aria-valuetext', '02:01:40 to 02:07:40');
  await page.keyboard.press('PageDown');
  await expect(pause).not.toHaveAttribute('aria-valuetext', '02:01:40 to 02:07:40');
  const moved = (await pause.getAttribute('aria-valuetext')) ?? '';
  await page.keyboard.press('Shift+ArrowLeft');
  const [start] = moved.split(' to ');
  await expect(pause).toHaveAttribute('aria-valuetext', new RegExp(`^${start} to `));
  await expect(pause).not.toHaveAttribute('aria-valuetext', moved);
  await expect(pause).toBeFocused();
});

test('the chart zooms with the wheel and the keys, and its axis gains seconds', async ({ page }) => {
  const labels = page.locator('svg.timeline text');
  await expect(labels.filter({ hasText: /^02:05$/ })).toHaveCount(1);
  const box = await page.locator('svg.timeline').boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + 60);
  await page.keyboard.down('Control');
  for (let turn = 0; turn < 10; turn++) await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect(labels.filter({ hasText: /^\d\d:\d\d:\d\d/ }).first()).toBeVisible();
  await page.keyboard.press('0');
  await expect(labels.filter({ hasText: /^02:05$/ })).toHaveCount(1);
  // Panning with Shift+arrows moves the axis: its first label changes.
  const firstLabel = async () => (await page.locator('svg.timeline .tl-tick-label').first().textContent()) ?? '';
  const before = await firstLabel();
  for (let press = 0; press < 3; press++) await page.keyboard.press('Shift+ArrowRight');
  await expect.poll(firstLabel).not.toBe(before);
  // Dragging along the axis pans too.
  await page.keyboard.press('+');
  const beforeDrag = await firstLabel();
  await dragBy(page, page.locator('svg.timeline .tl-tick-label').nth(2), -250);
  await expect.poll(firstLabel).not.toBe(beforeDrag);
});

test('the playhead is dragged along the chart and the night at the playhead follows', async ({ page }) => {
  const heading = page.getByRole('heading', { name: /^At \d\d:\d\d/ });
  await expect(heading).toHaveText('At 02:00:00');
  const grip = page.locator('[data-drag="playhead"]');
  await dragBy(page, grip, 6 * (await minutePx(page)));
  await expect(heading).toHaveText(/^At 02:0[5-6]:/);
  // Mid-pause, A is paused and B holds the lock with token 8.
  await expect(page.getByRole('cell', { name: /paused/ }).first()).toBeVisible();
});

test('the flagship night under each simulated lock kind, chosen in the settings, and back with undo', async ({
  page,
}) => {
  const kind = page.getByLabel('Lock kind');
  // Each kind starts from its defaults (docs/scenario-format.md `lock`).
  const expected: [string, RegExp][] = [
    // Without a lock all three replicas run the job at 02:00.
    ['none', /^Unsafe: order 1001 applied 3 times/],
    // A session advisory lock has no expiry: A's pause keeps it and A finishes alone.
    ['advisory', /^Safe\b/],
    // Redis's default 30-minute TTL outlasts the 6-minute pause.
    ['redis', /^Safe\b/],
    // Leader election: A loses the lease during its pause; on waking it still leads until its
    // renew deadline (02:07:40) and exits then, before its next write (02:07:50).
    ['lease', /^Safe\b/],
    // etcd / ZooKeeper: A's session expires during the pause; on waking A learns it and exits.
    ['etcd', /^Safe\b/],
    ['zookeeper', /^Safe\b/],
    // So does ShedLock's default lockAtMostFor of 30 minutes.
    ['shedlock', /^Safe\b/],
  ];
  for (const [value, verdictText] of expected) {
    await kind.selectOption(value);
    await expect(verdict(page)).toHaveText(verdictText);
  }
  // Seven undos bring back the flagship's 5-minute lease with tokens: token 7 against token 8.
  for (let step = 0; step < 7; step++) await page.getByRole('button', { name: 'Undo' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
});
