import { expect, type Page, test } from '@playwright/test';
import { chooseLearn, playhead, timeline, verdict } from './support/leaseline';

/**
 * Actions that change something elsewhere on the page bring the changed thing into view, on
 * a classroom projector's 1280x720: "Jump to" in the violations list shows the chart with the
 * playhead slider focused; a lane name shows its state machine, heading focused; EX04's Next
 * statement shows the write it rings on the chart.
 */

const shots = '/tmp/shots-i12a';

async function open(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(verdict(page)).toBeVisible();
}

test('"Jump to" at the foot of the page shows the chart, the playhead slider focused', async ({ page }) => {
  await open(page);
  const jump = page.getByRole('button', { name: 'Jump to 02:07:50.002' }).first();
  await jump.scrollIntoViewIfNeeded();
  await expect(timeline(page)).not.toBeInViewport();
  await jump.click();
  await expect(timeline(page)).toBeInViewport();
  await expect(playhead(page)).toBeFocused();
  await expect(playhead(page)).toHaveAttribute('aria-valuetext', /02:07:50/);
  await page.screenshot({ path: `${shots}/jump-to-1280.png` });
});

test('a lane name shows its state machine, far below the chart, with its heading focused', async ({ page }) => {
  await open(page);
  await timeline(page).locator('text.tl-lane-label', { hasText: 'Replica B' }).click();
  const heading = page.getByRole('heading', { name: "Replica B's state machine" });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await page.screenshot({ path: `${shots}/statechart-revealed-1280.png` });
});

test("EX04's Next statement shows the write it rings on the chart", async ({ page }) => {
  await open(page);
  await chooseLearn(page, 'EX04: the fenced update, statement by statement');
  const view = page.getByRole('region', { name: 'EX04: the fenced update, statement by statement' });
  const next = view.getByRole('button', { name: 'Next statement' });
  await next.scrollIntoViewIfNeeded();
  await expect(timeline(page)).not.toBeInViewport({ ratio: 0.5 });
  await next.click();
  await next.click();
  // The write this statement belongs to is ringed (a spotlight box) and on screen.
  await expect(timeline(page)).toBeInViewport();
  await expect(page.locator('svg.timeline rect.tl-spotlight').first()).toBeInViewport();
  await expect(next).toBeFocused();
  await page.screenshot({ path: `${shots}/ex04-next-1280.png` });
});
