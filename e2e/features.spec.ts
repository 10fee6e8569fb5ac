import { expect, type Page, test } from '@playwright/test';
import {
  atPlayhead,
  centre,
  check,
  choosePreset,
  dragBy,
  eventsTable,
  linkFragment,
  openPlayground,
  outcomeTable,
  pauseOfA,
  playhead,
  playheadMs,
  presetDocument,
  scenarioFile,
  scenarioMenu,
  shot as shotHere,
  slider,
  timeline,
  timeMs,
  verdict,
  xOfTime,
  yOfLane,
} from './support/leaseline';

/**
 * The playground's features as a person uses them, in Chromium, with the mouse and the
 * keyboard, finding things by role and name: the preset menu and share links, the palette,
 * the inspector, the settings (checked against the `leaseline check` command), playback, the
 * statechart, the SQL of a write, the violations list, the shortcuts dialog, dragging lease
 * ends and writes, and the text tables for screen readers.
 */

const shot = (page: Page, name: string) => shotHere(page, `features-${name}`);

test.describe('presets and share links', () => {
  test('choosing a preset from the Scenario menu opens it, puts it in the address, and Undo goes back', async ({
    page,
  }) => {
    // The CLI's link for the same preset, made while the page works.
    const cliFragment = presetDocument('s04-atmost-too-short')
      .then((document) => scenarioFile('s04.json', document))
      .then(linkFragment);
    await openPlayground(page);
    const menu = scenarioMenu(page);
    await expect(menu).toHaveText(/^Paused holder: token 7 against token 8 \(fencing off\)/);
    const before = page.url();
    await choosePreset(page, 's04-atmost-too-short');
    await expect(menu).toHaveText(/lockAtMostFor shorter than the run/);
    await expect(verdict(page)).toHaveText(/^Unsafe\b/);
    await expect(verdict(page)).not.toHaveText(/by A with token 7 at 02:07:50/);
    await expect(page).not.toHaveURL(before);
    expect(page.url()).toContain('#s=1.');
    // The address is the share link of the preset, as the CLI makes it.
    expect(new URL(page.url()).hash).toBe(await cliFragment);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(menu).toHaveText(/Paused holder: token 7 against token 8 \(fencing off\)/);
    await expect(verdict(page)).toHaveText(
      /^Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50/,
    );
    await expect(page).toHaveURL(before);
  });

  test('a link from `leaseline link` opens its scenario; a broken one says why and shows the flagship', async ({
    page,
  }) => {
    const cliFragment = presetDocument('s07-fencing-on')
      .then((document) => scenarioFile('s07-on.json', document))
      .then(linkFragment);

    // Opening a broken link: the page says what is wrong and shows the flagship unchanged.
    await openPlayground(page, '#s=1.AAAA');
    const alert = page.getByRole('alert');
    // The reason comes first, in the model's words; then what the page did about it.
    await expect(alert).toContainText(/^The link cannot be opened: .+ The flagship scenario is shown instead\./);
    await expect(alert).toContainText(/link (is damaged|cannot be opened): \S.*/i);
    await expect(alert).toContainText('flagship');
    await shot(page, 'broken-link');
    await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    await expect(scenarioMenu(page)).toHaveText(/Paused holder: token 7 against token 8 \(fencing off\)/);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);

    // Pasting the CLI's link into the address of the open page opens it, as one undoable step.
    const fragment = await cliFragment;
    expect(fragment).toMatch(/^#s=1\./);
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, fragment);
    await expect(verdict(page)).toHaveText(/^Safe\b/);
    await expect(page.getByRole('status').filter({ hasText: 'Opened the scenario from the link.' })).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(verdict(page)).toHaveText(/^Unsafe\b/);

    // A broken link pasted into an open page changes nothing and says why.
    await page.evaluate(() => {
      window.location.hash = '#s=1.AAAA';
    });
    await expect(page.getByRole('alert')).toContainText(/^Nothing changed: the link cannot be opened/);
    await expect(verdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);

    // Opening the link afresh (about:blank first, so it is a new page load, not a hash change).
    await page.goto('about:blank');
    await openPlayground(page, fragment);
    await expect(verdict(page)).toHaveText(/^Safe\b/);
    await expect(page.getByRole('switch', { name: 'Fencing' })).toHaveAttribute('aria-checked', 'true');
    await expect(scenarioMenu(page)).toHaveText(/Scenario from a link/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('adding, editing and removing events', () => {
  test.beforeEach(({ page }) => openPlayground(page));

  // The palette sits under the chart's playback row, on the screen with the lanes (PaletteRow.tsx).
  test('dragging Crash from the palette onto B at 02:03 adds it; Delete removes it and Ctrl+Z brings it back', async ({
    page,
  }) => {
    const chart = timeline(page);
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart');
    const target = { x: (await xOfTime(page, '02:03:00')) - box.x, y: (await yOfLane(page, 'Replica B')) - box.y };
    await page.getByRole('button', { name: 'Crash', exact: true }).dragTo(chart, { targetPosition: target });
    const crash = slider(page, 'Crash, replica B');
    await expect(crash).toHaveCount(1);
    await expect(crash).toHaveAttribute('aria-valuetext', '02:03:00');
    await expect(page.getByRole('heading', { name: 'Event: Crash, replica B' })).toBeVisible();
    await expect(eventsTable(page).getByRole('row', { name: /Crash, replica B 02:03:00/ })).toHaveCount(1);
    await shot(page, 'crash-dropped');

    await page.keyboard.press('Delete');
    await expect(crash).toHaveCount(0);
    await page.keyboard.press('Control+z');
    await expect(crash).toHaveCount(1);
    await expect(crash).toHaveAttribute('aria-valuetext', '02:03:00');
  });

  test('the Pause palette button adds a pause from the keyboard; Delete and Ctrl+Z', async ({ page }) => {
    const pauses = slider(page, /^Pause, replica /);
    await expect(pauses).toHaveCount(1);
    await page.getByRole('button', { name: 'Pause', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(pauses).toHaveCount(2);
    // With the playhead at the window's start, where a pause would act on nothing, it goes onto
    // the holder during its lease, and the page says where.
    await expect(page.getByRole('heading', { name: 'Event: Pause, replica A' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Pause added on A at 02:00:30' })).toHaveText(
      /while A holds the lock with token 7\./,
    );
    await expect(eventsTable(page).getByRole('row')).toHaveCount(3);
    await page.keyboard.press('Delete');
    await expect(pauses).toHaveCount(1);
    await expect(pauseOfA(page)).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
    await page.keyboard.press('Control+z');
    await expect(pauses).toHaveCount(2);
  });

  test("the inspector edits A's pause: 2m long, it ends at 02:03:30 and the night is safe", async ({ page }) => {
    const pause = pauseOfA(page);
    await pause.click();
    await expect(page.getByRole('heading', { name: 'Event: Pause, replica A' })).toBeVisible();
    const duration = page.getByRole('textbox', { name: 'For', exact: true });
    await expect(duration).toHaveValue('6m');
    await duration.fill('2m');
    await duration.press('Enter');
    await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:03:30');
    await expect(verdict(page)).toHaveText(/^Safe\b/);
    await expect(eventsTable(page).getByRole('row', { name: /Pause, replica A 02:01:30 2m/ })).toHaveCount(1);
    // An invalid duration is refused with a reason and changes nothing.
    await duration.fill('0s');
    await duration.press('Enter');
    await expect(page.getByText('Must be longer than zero.')).toBeVisible();
    await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:03:30');
  });
});

test('settings: a fourth replica and lockAtMostFor of 10m, and the page says what `leaseline check` says', async ({
  page,
}) => {
  // The oracle: the flagship file with the same two edits, checked by the CLI (while the page works).
  const oracle = presetDocument('s07-fencing-off').then((flagship) => {
    const edited = {
      ...flagship,
      // An added replica retries as the others do, 10 s after the last one's phase (C's 40s).
      replicas: [
        ...(flagship.replicas as unknown[]),
        { id: 'D', host: 'orders-3', trigger: { at: '02:00:00', every: '60s', phase: '50s' } },
      ],
      lock: { ...(flagship.lock as Record<string, unknown>), lockAtMostFor: '10m' },
    };
    return scenarioFile('s07-d-10m.json', edited).then(check);
  });

  await openPlayground(page);
  await page.getByRole('button', { name: 'Add replica' }).click();
  await expect(page.getByRole('group', { name: 'Replica D' })).toBeVisible();
  await expect(timeline(page).locator('text.tl-lane-label', { hasText: 'Replica D' })).toBeVisible();
  await expect(atPlayhead(page).getByRole('rowheader', { name: 'D', exact: true })).toBeVisible();
  // D has no events of its own: no slider names it.
  await expect(slider(page, /replica D$/)).toHaveCount(0);

  const atMost = page.getByRole('textbox', { name: 'lockAtMostFor' });
  await atMost.fill('10m');
  await atMost.press('Enter');
  await expect(atMost).toHaveValue('10m');
  const expected = await oracle;
  if (expected.safe) {
    await expect(verdict(page)).toHaveText(/^Safe\b/);
  } else {
    const first = expected.doubleApplied[0];
    await expect(verdict(page)).toHaveText(first ? new RegExp(`^Unsafe: order ${first.order} applied`) : /^Unsafe\b/);
  }
  // Every write the CLI reports is in the outcome table, with its token and result.
  const outcome = outcomeTable(page);
  for (const write of expected.writes) {
    const row = outcome
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `#${write.order}`, exact: true }) });
    await expect(row).toContainText(
      `${write.replica}, token ${write.token ?? 'none'}, at ${write.at}: ${write.result === 'accepted' ? '✓' : ''}`,
    );
  }
  await expect(outcome.getByRole('listitem')).toHaveCount(expected.writes.length);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'settings-d-10m');
});

test.describe('watching the night', () => {
  test.beforeEach(({ page }) => openPlayground(page));

  test('Play advances the playhead; Next event, [ and ] step; the At-the-playhead table follows', async ({ page }) => {
    const start = await playheadMs(page);
    expect(start).toBe(timeMs('02:00:00'));
    const playback = page.getByRole('group', { name: 'Playback' });
    await playback.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(start);
    await playback.getByRole('button', { name: 'Pause' }).click();
    await expect(playback.getByRole('button', { name: 'Play' })).toBeVisible();
    const paused = await playheadMs(page);
    await page.waitForTimeout(300);
    expect(await playheadMs(page)).toBe(paused);

    await playback.getByRole('button', { name: 'Next event' }).click();
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(paused);
    const next = await playheadMs(page);
    const panel = atPlayhead(page);
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
      `At ${await playhead(page).getAttribute('aria-valuetext')}`,
    );
    const rowA = panel.getByRole('row', { name: /^A / });
    await expect(rowA.getByRole('cell').first()).toHaveText(/up|paused|down/);
    await expect(rowA.getByRole('cell').nth(1)).not.toBeEmpty();

    await page.keyboard.press(']');
    await expect.poll(() => playheadMs(page)).toBeGreaterThan(next);
    const later = await playheadMs(page);
    await page.keyboard.press('[');
    await expect.poll(() => playheadMs(page)).toBe(next);
    await page.keyboard.press('[');
    await expect.poll(() => playheadMs(page)).toBeLessThan(next);
    expect(later).toBeGreaterThan(next);
  });

  test("clicking replica A's lane label opens its state machine with the current state; Close closes it", async ({
    page,
  }) => {
    await timeline(page).locator('text.tl-lane-label', { hasText: 'Replica A' }).click();
    const chart = page.getByRole('region', { name: "Replica A's state machine" });
    await expect(chart).toBeVisible();
    await expect(chart.getByRole('heading', { name: 'State machine of replica A' })).toBeVisible();
    await expect(chart.getByText(/^Replica A is up; its machine is in due check\.$/)).toBeVisible();
    // After the pause has begun, the chart says A is frozen.
    await page.getByRole('button', { name: 'Jump to 02:05:10.003' }).click();
    await expect(chart.getByText(/^Replica A is paused; its machine is frozen in \S/)).toBeVisible();
    await shot(page, 'statechart');
    await chart.getByRole('button', { name: 'Close' }).click();
    await expect(chart).toHaveCount(0);
  });

  test("with fencing on, clicking A's stale write shows its SQL: UPDATE ... last_token = 7, 0 rows", async ({
    page,
  }) => {
    await page.getByRole('switch', { name: 'Fencing' }).click();
    await expect(verdict(page)).toHaveText(/^Safe\b/);
    await page.getByRole('button', { name: /^Write of order 1003 by A, token 7, stale/ }).click();
    const sql = page.getByRole('region', { name: /^SQL of A's write of #1003 with token 7/ });
    await expect(sql).toBeVisible();
    await expect(sql).toContainText('UPDATE recon_fence SET last_token = 7');
    await expect(sql).toContainText(/UPDATE recon_fence SET last_token = 7 .*-- 0 rows/);
    await shot(page, 'sql');
  });

  test('a write marker is a button: Enter on it shows its SQL too', async ({ page }) => {
    await page.getByRole('switch', { name: 'Fencing' }).click();
    const write = page.getByRole('button', { name: /^Write of order 1003 by A, token 7, stale/ });
    await write.focus();
    await expect(write).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: /^SQL of A's write of #1003 with token 7/ })).toBeVisible();
  });

  test('"Jump to" a violation moves the playhead to it', async ({ page }) => {
    await expect(atPlayhead(page).getByRole('heading', { level: 2 })).toHaveText('At 02:00:00');
    const doubled = page.getByRole('listitem').filter({ hasText: 'Order 1003 applied twice' });
    await doubled.getByRole('button', { name: 'Jump to 02:07:50.002' }).click();
    await expect(playhead(page)).toHaveAttribute('aria-valuetext', '02:07:50.002');
    await expect(atPlayhead(page).getByRole('heading', { level: 2 })).toHaveText('At 02:07:50.002');
    await expect(timeline(page).locator('.tl-playhead')).toHaveCount(1);
  });

  test('"Jump to" a violation while zoomed in elsewhere brings its instant into view', async ({ page }) => {
    // Zoom in three times with "+": the view is now about 02:05:15 to 02:06:45.
    for (let press = 0; press < 3; press++) await page.keyboard.press('Shift+Equal');
    const ticks = page.locator('svg.timeline text.tl-tick-label');
    await expect(ticks.first()).toHaveText(/^02:05:\d\d$/);
    const doubled = page.getByRole('listitem').filter({ hasText: 'Order 1005 applied twice' });
    await doubled.getByRole('button', { name: 'Jump to 02:08:50.002' }).click();
    await expect(playhead(page)).toHaveAttribute('aria-valuetext', '02:08:50.002');
    // The instant jumped to lies between the first and the last label of the axis.
    const target = timeMs('02:08:50');
    const label = async (which: 'first' | 'last') => timeMs((await ticks[which]().textContent()) ?? '');
    await expect
      .poll(() => label('last'), { message: `the axis reaches 02:08:50 (${target} ms)` })
      .toBeGreaterThanOrEqual(target);
    await expect.poll(() => label('first')).toBeLessThanOrEqual(target);
  });
});

test.describe('the list of shortcuts', () => {
  test.beforeEach(({ page }) => openPlayground(page));
  const shortcuts = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

  test('pressing ? (Shift+/) opens the list of shortcuts; Esc closes it and focus goes back', async ({ page }) => {
    const opener = page.getByRole('button', { name: 'Copy share link' });
    await opener.focus();
    // What a US keyboard sends for "?": Shift held, key "?", code "Slash".
    await page.keyboard.press('Shift+Slash');
    const dialog = shortcuts(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Show this list of shortcuts/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the toolbar button opens the list of shortcuts; Esc and Close close it and focus goes back', async ({
    page,
  }) => {
    const button = page.getByRole('button', { name: 'Shortcuts (?)' });
    const dialog = shortcuts(page);
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Show this list of shortcuts/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /Ctrl\s*\+\s*Z.*Undo/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /\[ or \] Step to the previous or next event/ })).toBeVisible();
    await expect(dialog.getByRole('row', { name: /F Turn fencing on or off/ })).toBeVisible();
    await shot(page, 'shortcuts');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('dragging on the lock and storage lanes', () => {
  test.beforeEach(({ page }) => openPlayground(page));

  test("Alt-dragging the end of B's lease earlier forces an expiry there", async ({ page }) => {
    const end = page.getByLabel("End of B · token 8's lease", { exact: true });
    await expect(end).toHaveCount(1);
    const from = (await centre(end)).x;
    await dragBy(page, end, (await xOfTime(page, '02:06:30')) - from, 'Alt');
    const expiry = slider(page, /lock expiry/i);
    await expect(expiry).toHaveCount(1);
    await expect(expiry).toHaveAttribute('aria-valuetext', /^02:06:[23]\d$/);
    await expect(eventsTable(page).getByRole('row', { name: /^Lock expiry 02:06:[23]\d/ })).toHaveCount(1);
    await expect(page.getByRole('textbox', { name: 'lockAtMostFor' })).toHaveValue('5m');
  });

  test("dragging the end of A's lease later lengthens lockAtMostFor", async ({ page }) => {
    const end = page.getByLabel("End of A · token 7's lease", { exact: true });
    const from = (await centre(end)).x;
    await dragBy(page, end, (await xOfTime(page, '02:09:00')) - from);
    await expect(page.getByRole('textbox', { name: 'lockAtMostFor' })).toHaveValue(/^(9m|8m5\ds)$/);
    await expect(verdict(page)).toHaveText(/^Safe\b/);
  });

  test("dragging A's write of 1003 later adds a delayed write", async ({ page }) => {
    const write = page.getByRole('button', { name: /^Write of order 1003 by A, token 7/ });
    const from = (await centre(write)).x;
    await dragBy(page, write, (await xOfTime(page, '02:08:50')) - from);
    const delayed = slider(page, /^Delayed write/);
    await expect(delayed).toHaveCount(1);
    await expect(delayed).toHaveAccessibleName(/order 1003, replica A/);
    await expect(
      eventsTable(page).getByRole('row', { name: /^Delayed write, replica A the write of #1003 1m/ }),
    ).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Write of order 1003 by A, token 7/ })).toHaveCount(1);
    await shot(page, 'delayed-write');
  });
});

test('the text tables list the pause with its times and order 1003 with both writes', async ({ page }) => {
  await openPlayground(page);
  const pauseRow = eventsTable(page).getByRole('row', { name: /^Pause, replica A/ });
  await expect(pauseRow.getByRole('cell')).toHaveText([
    'Pause, replica A',
    '02:01:30',
    '6m (until 02:07:30)',
    'GC pause',
  ]);
  const order = outcomeTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: '#1003', exact: true }) });
  await expect(order.getByRole('listitem')).toHaveText([
    /^B, token 8, at 02:06:00\.003: ✓\s?accepted$/,
    /^A, token 7, at 02:07:50\.002: ✓\s?accepted$/,
  ]);
  await expect(order.getByRole('cell').last()).toHaveText(/^2 times\s*▲\s*applied more than once$/);
  // The tables follow an edit: the keyboard moves the pause by one step.
  await pauseOfA(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(pauseRow.getByRole('cell').nth(1)).toHaveText('02:01:40');
  await expect(pauseRow.getByRole('cell').nth(2)).toHaveText('6m (until 02:07:40)');
});
