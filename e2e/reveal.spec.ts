import { expect, type Page, test } from '@playwright/test';
import { atPlayhead, chooseLearn, playhead, shot, timeline, verdict } from './support/leaseline';

/**
 * Actions that change something elsewhere on the page bring the changed thing into view, on
 * a classroom projector's 1280x720: "Jump to" in the violations list shows the chart with the
 * playhead slider focused; a lane name shows its state machine, heading focused; EX04's Next
 * statement shows the write it rings on the chart. Closing the state machine gives the focus
 * back to what opened it.
 */

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
  await shot(page, 'reveal-jump-to');
});

test('a lane name shows its state machine, far below the chart, with its heading focused', async ({ page }) => {
  await open(page);
  await timeline(page).locator('text.tl-lane-label', { hasText: 'Replica B' }).click();
  const heading = page.getByRole('heading', { name: "Replica B's state machine" });
  await expect(heading).toBeInViewport();
  await expect(heading).toBeFocused();
  await shot(page, 'reveal-statechart');
});

test('the state machine opens from the keyboard and Escape gives the focus back to the button that opened it', async ({
  page,
}) => {
  await open(page);
  const opener = atPlayhead(page).getByRole('button', { name: /: show replica B's state machine$/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { name: "Replica B's state machine" });
  await expect(heading).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(heading).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Opened with the mouse from the lane's name, which takes no focus: the focus comes back to
  // that replica's button rather than to the top of the page.
  await timeline(page).locator('text.tl-lane-label', { hasText: 'Replica A' }).click();
  await expect(page.getByRole('heading', { name: "Replica A's state machine" })).toBeFocused();
  await page.getByRole('button', { name: 'Close' }).press('Enter');
  await expect(atPlayhead(page).getByRole('button', { name: /: show replica A's state machine$/ })).toBeFocused();
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
  await shot(page, 'reveal-ex04-next');
});
