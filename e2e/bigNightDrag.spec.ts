import { expect, type Page, test } from '@playwright/test';
import { largeUiNightDocument } from '../scripts/largeUiNight';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { shareFragment } from '../src/model/shareLink';
import { openPlayground, pauseOfA, shotAtTwoSizes, timeline, timeMs, verdict } from './support/leaseline';

/**
 * Dragging a night too big to re-run within a frame: the 9-replica, 200-event night of the UI
 * benchmark is simulated in the night worker. While the worker works, the chart keeps the
 * ghost and the last night it showed (and says it is busy); the new night replaces it when it
 * arrives, never an older one after a newer; the flagship stays re-run inside the pointer event.
 */

// Loading and first simulating a night of this size takes a while on a busy machine.
test.describe.configure({ timeout: 60_000 });

const ghost = (page: Page) => page.locator('svg.timeline [class^="tl-ghost"]');

/** Records, in the page, every value the slider shows and every change of the chart's aria-busy. */
async function watchDrag(page: Page): Promise<void> {
  await page.evaluate(() => {
    const svg = document.querySelector('svg.timeline');
    const record = { busy: [] as string[], shown: [] as string[] };
    (window as unknown as { __drag: typeof record }).__drag = record;
    if (!svg) throw new Error('no chart');
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target as Element;
        if (mutation.attributeName === 'aria-busy') record.busy.push(svg.getAttribute('aria-busy') ?? 'off');
        else if (target.getAttribute('aria-label') === 'Pause, replica A')
          record.shown.push(target.getAttribute('aria-valuetext') ?? '');
      }
    }).observe(svg, { attributes: true, attributeFilter: ['aria-busy', 'aria-valuetext'], subtree: true });
  });
}

const dragRecord = (page: Page) =>
  page.evaluate(() => (window as unknown as { __drag: { busy: string[]; shown: string[] } }).__drag);

/** The end of the first pause of A, as its slider says it ("02:00:30 to 02:01:00"). */
const pauseEndMs = (valueText: string) => timeMs(valueText.split(' to ')[1] ?? '');

async function grabPauseEnd(page: Page): Promise<{ x: number; y: number }> {
  const edge = await pauseOfA(page).first().locator('[data-drag="end"]').boundingBox();
  if (!edge) throw new Error('no pause edge');
  const point = { x: edge.x + edge.width / 2, y: edge.y + edge.height / 2 };
  await page.mouse.move(point.x, point.y);
  await page.mouse.down();
  return point;
}

test.beforeEach(async ({ page }) => {
  await openPlayground(page, shareFragment(largeUiNightDocument() as ScenarioDocument));
});

test('a drag of the 9-replica, 200-event night shows the ghost, then the new night from the worker', async ({
  page,
}) => {
  const pause = pauseOfA(page).first();
  const before = (await pause.getAttribute('aria-valuetext')) ?? '';
  await watchDrag(page);
  const start = await grabPauseEnd(page);
  await page.mouse.move(start.x + 60, start.y, { steps: 6 });
  // The origin's night stays faint underneath while the worker re-runs the night.
  await expect(ghost(page).first()).toBeAttached();
  // The new night arrives: the chart is no longer busy and shows the pause where the pointer is.
  await expect(timeline(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect
    .poll(async () => pauseEndMs((await pause.getAttribute('aria-valuetext')) ?? ''))
    .toBeGreaterThan(pauseEndMs(before));
  await expect(ghost(page).first()).toBeAttached();
  await expect(verdict(page)).toHaveText(/^(Safe|Unsafe)\b/);
  const during = await dragRecord(page);
  // The worker was asked (the chart said so), and answered.
  expect(during.busy).toContain('true');
  expect(during.busy.at(-1)).toBe('off');
  await page.screenshot({ path: 'test-results/shots/big-night-drag-held.png' });
  const held = (await pause.getAttribute('aria-valuetext')) ?? '';
  await page.mouse.up();
  await expect(ghost(page)).toHaveCount(0);
  await expect(pause).toHaveAttribute('aria-valuetext', held);
  await shotAtTwoSizes(page, 'big-night-dragged');
  // One gesture is one undo step, as for any night.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(pause).toHaveAttribute('aria-valuetext', before);
});

test('fast successive moves: a late night never replaces a newer one, and the last move wins', async ({ page }) => {
  const pause = pauseOfA(page).first();
  const before = pauseEndMs((await pause.getAttribute('aria-valuetext')) ?? '');
  await watchDrag(page);
  const start = await grabPauseEnd(page);
  // Moves to the right only, back to back, faster than the worker answers: each shown night
  // must end the pause later than the one before it.
  for (let step = 1; step <= 30; step++) await page.mouse.move(start.x + 4 * step, start.y);
  await expect(timeline(page)).not.toHaveAttribute('aria-busy', 'true');
  const shown = (await dragRecord(page)).shown.map(pauseEndMs);
  // At least the first move's night and the last one's.
  expect(shown.length).toBeGreaterThanOrEqual(2);
  for (let index = 1; index < shown.length; index++) expect(shown[index]).toBeGreaterThanOrEqual(shown[index - 1] ?? 0);
  const last = shown.at(-1) ?? 0;
  expect(last).toBeGreaterThan(before);
  // Held still, the chart shows the last move's night, not an intermediate one: releasing
  // commits the last move, and the pause stays where the chart had it.
  const held = (await pause.getAttribute('aria-valuetext')) ?? '';
  expect(pauseEndMs(held)).toBe(last);
  await page.mouse.up();
  await expect(pause).toHaveAttribute('aria-valuetext', held);
});

test('the flagship stays re-run inside the pointer event: its chart is never busy', async ({ page }) => {
  await openPlayground(page);
  await watchDrag(page);
  const start = await grabPauseEnd(page);
  await page.mouse.move(start.x - 80, start.y, { steps: 8 });
  // The preview is drawn in the same event: the slider already shows a new end, no wait.
  expect((await dragRecord(page)).shown.length).toBeGreaterThan(0);
  await page.mouse.up();
  expect((await dragRecord(page)).busy).toEqual([]);
});
