import { expect, type Locator, type Page, test } from '@playwright/test';
import { centre, choosePreset, openPlayground, shot, slider, timeMs, verdict } from './support/leaseline';

/**
 * Each mechanism's own fault, dragged on the timeline with the mouse as a learner would, and
 * the outcome the real system gives: a Redis failover after the key reached the replica, a
 * partition shorter than the renew deadline, a waiter's pause shorter than its etcd session,
 * an advisory session killed after the run, an outbox relay crashing after its commit.
 */

/** Plot pixels per millisecond, read off the first and last axis labels. */
async function pxPerMs(page: Page): Promise<number> {
  const labels = page.locator('svg.timeline text.tl-tick-label');
  const first = labels.first();
  const last = labels.last();
  const [a, b] = [(await first.textContent()) ?? '', (await last.textContent()) ?? ''];
  const withSeconds = (text: string) => (/^\d\d:\d\d$/.test(text) ? `${text}:00` : text);
  return ((await centre(last)).x - (await centre(first)).x) / (timeMs(withSeconds(b)) - timeMs(withSeconds(a)));
}

/** The grip of a point event (its shape; the handle's label runs to its right). */
const pointOf = (handle: Locator) => handle.locator('.tl-handle-point');

/** Snaps drags to whole seconds, from the toolbar, as a person zoomed into seconds would. */
async function snapToSecond(page: Page): Promise<void> {
  await page
    .getByRole('toolbar', { name: 'Scenario tools' })
    .getByRole('combobox', { name: 'Snap to' })
    .selectOption({ label: '1s' });
}

/** Drags a point (or an edge of a span) by `dMs` on the time axis, in small steps. */
async function dragByMs(page: Page, target: Locator, dMs: number): Promise<void> {
  const dxPx = dMs * (await pxPerMs(page));
  const { x, y } = await centre(target);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dxPx / 2, y, { steps: 8 });
  await page.mouse.move(x + dxPx, y, { steps: 8 });
  await page.mouse.up();
}

const laneLabel = (page: Page, text: string) =>
  page.locator('svg.timeline text.tl-lane-label').filter({ hasText: new RegExp(`^${text}$`) });

async function openPreset(page: Page, id: string): Promise<void> {
  await openPlayground(page);
  await choosePreset(page, id);
}

test('Redis: a failover after the key reached the replica keeps A the only holder', async ({ page }) => {
  await openPreset(page, 's10-redis-failover');
  await expect(laneLabel(page, 'Redis primary')).toBeVisible();
  await expect(laneLabel(page, 'Redis replica')).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  const failover = slider(page, 'Redis failover');
  await expect(failover).toHaveAttribute('aria-valuetext', '02:00:00.500');
  // The replica lags 1 s: dying 30 s later, the primary has shipped A's key and the counter.
  await dragByMs(page, pointOf(failover), 30_000);
  await expect(failover).toHaveAttribute('aria-valuetext', /^02:00:[23]\d/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await shot(page, 'mechanisms-mechanism-redis');
});

test('Lease: a partition shorter than the renew deadline keeps A the leader', async ({ page }) => {
  await openPreset(page, 's13b-partitioned-leader-continues');
  await expect(laneLabel(page, 'Lease record')).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await snapToSecond(page);
  const partition = slider(page, 'Partition, replica A');
  await expect(partition).toHaveAttribute('aria-valuetext', '02:00:30 to 02:02:00');
  await dragByMs(page, partition.locator('[data-drag="end"]'), -85_000);
  await expect(partition).toHaveAttribute('aria-valuetext', /^02:00:30 to 02:00:3\d/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
});

test('etcd: a waiter paused for less than its session TTL keeps its key, and no expired waiter holds', async ({
  page,
}) => {
  await openPreset(page, 's15b-etcd-no-recheck');
  await expect(laneLabel(page, 'etcd keys')).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  const pause = slider(page, 'Pause, replica B');
  await expect(pause).toHaveAttribute('aria-valuetext', '02:00:30 to 02:01:30');
  // 58 s, not 55: 02:00:35 is exactly between two 10 s snaps, where a pixel decides.
  await dragByMs(page, pause.locator('[data-drag="end"]'), -58_000);
  await expect(pause).toHaveAttribute('aria-valuetext', /^02:00:30 to 02:00:3\d/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await shot(page, 'mechanisms-mechanism-etcd');
});

test('Advisory lock: a session killed after the run changes nothing', async ({ page }) => {
  await openPreset(page, 's19b-advisory-killed-session');
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  const kill = slider(page, 'Killed session, replica A');
  await dragByMs(page, pointOf(kill), 5 * 60_000);
  await expect(kill).toHaveAttribute('aria-valuetext', /^02:0[6-7]/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
});

test('Outbox: a relay crashing after its commit publishes nothing twice', async ({ page }) => {
  await openPreset(page, 's16-outbox-crash-before-commit');
  await expect(laneLabel(page, 'Outbox rows')).toBeVisible();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await expect(
    page.getByRole('button', { name: /^Publish of outbox row 11 by B, accepted, published more than once$/ }),
  ).toBeVisible();
  await snapToSecond(page);
  const crash = slider(page, 'Crash, replica B');
  await dragByMs(page, pointOf(crash), 1700);
  await expect(crash).toHaveAttribute('aria-valuetext', /^02:00:02/);
  await expect(verdict(page)).toHaveText(/^Safe\b/);
  await shot(page, 'mechanisms-mechanism-outbox');
});
