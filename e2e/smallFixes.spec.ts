import { expect, test } from '@playwright/test';
import { atPlayhead, openPlayground, playhead, shotAtTwoSizes, timeline, yOfLane } from './support/leaseline';

/**
 * The smaller defects of issue 12 (item 10), each as a person meets it: the course map's
 * badges, a lesson link that names no lesson, a broken share link's sentence, a replica added
 * in Settings that retries like the others, and the lock row naming the replica beside its
 * host.
 */

const shot = shotAtTwoSizes;

test('the course map says a night shows the failure or the fix, never "Safe" on a broken one', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Course', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const noRetry = dialog.getByRole('button', { name: /^Holder crashes, and nobody retries/ }).first();
  await expect(noRetry).toContainText('✗ shows the failure');
  await expect(dialog).not.toContainText('✓ Safe');
  await expect(dialog.getByRole('button', { name: /✓ the fix/ }).first()).toBeVisible();
  await noRetry.scrollIntoViewIfNeeded();
  await shot(page, 'course-badges');
});

test('a lesson link naming no lesson says so, and a broken share link ends its sentence', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/#lesson=l9&step=2');
  await expect(page.getByRole('alert')).toHaveText(
    /The link names a lesson “l9” that does not exist; the lessons are l1 to l5\. Nothing changed\./,
  );
  await shot(page, 'lesson-unknown');
  await page.evaluate(() => {
    window.location.hash = '#s=1.zzzz';
  });
  await expect(page.getByRole('alert')).toContainText(/^Nothing changed: the link cannot be opened: .+\)\.(Dismiss)?$/);
  const fresh = await page.context().newPage();
  await fresh.goto('/#s=1.zzzz');
  await expect(fresh.getByRole('alert')).toContainText(
    /^The link cannot be opened: .+\)\. (The flagship scenario|Your autosaved work) is shown instead\./,
  );
});

test('a replica added in Settings retries like the others, so its lane is not empty', async ({ page }) => {
  await openPlayground(page);
  await page.getByRole('button', { name: 'Add replica' }).click();
  await expect(timeline(page).locator('text.tl-lane-label', { hasText: 'Replica D' })).toBeVisible();
  // D's polls draw due-check marks on its lane, as B's and C's lanes have (a replica that
  // fired once at 02:00 and never again would leave the lane bare after 02:00).
  const laneY = await yOfLane(page, 'Replica D');
  const marksOnD = await page.evaluate((y) => {
    const shapes = [...document.querySelectorAll('svg.timeline .tl-activity--dueCheck')];
    return shapes.filter((shape) => {
      const box = shape.getBoundingClientRect();
      return Math.abs(box.top + box.height / 2 - y) < 12 && box.width > 200;
    }).length;
  }, laneY);
  expect(marksOnD).toBeGreaterThan(0);
  await shot(page, 'replica-d');
});

test('the lock row names the holder as the lanes do: orders-0 (replica A)', async ({ page }) => {
  await openPlayground(page);
  await playhead(page).focus();
  for (let i = 0; i < 36; i += 1) await page.keyboard.press('ArrowRight');
  await expect(atPlayhead(page)).toContainText('shedlock.locked_byorders-0 (replica A)');
});

test('at 1280x720 the Find a failure button beside Legend stays on one line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const find = page.getByRole('button', { name: /^Find a failure/ });
  const legend = page.getByRole('button', { name: 'Legend', exact: true });
  await expect(find).toBeVisible();
  // Its stylesheet came with the search panel's chunk, after the first paint, so the first
  // screen showed "Find a" over "failure": two lines, twice Legend's height.
  const [findBox, legendBox] = await Promise.all([find.boundingBox(), legend.boundingBox()]);
  expect(findBox?.height).toBeCloseTo(legendBox?.height ?? 0, 0);
});
