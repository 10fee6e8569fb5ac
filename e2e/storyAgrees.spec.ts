import { expect, type Page, test } from '@playwright/test';
import { choosePreset, openPlayground, pauseOfA, scenarioMenu, shot, verdict, xOfTime } from './support/leaseline';

/**
 * Nothing on screen contradicts the verdict (issue 29): the story box, the verdict, the key
 * moments drawn on the chart and the moments read out in the live region agree on what
 * happened (an order applied twice, a stale write rejected, safe) after the Fencing switch,
 * after a drag, and on every preset with its fencing switched. The Fencing switch on a preset
 * told with and without fencing opens the other telling, not an edit. Screenshots for review
 * go to test-results/shots/.
 */

const storyBox = (page: Page) => page.locator('details.night-story');
const fencing = (page: Page) => page.getByRole('switch', { name: 'Fencing' });
const momentStatus = (page: Page) => page.locator('p.panels-moment[role="status"]');

/** Words that say an item went through more than once, in the verdict, the moments and a story. */
const DOUBLED = /\b(applied|published|sent|deleted) (twice|\d+ times)\b|×\d/;
const REJECTED = /\brejected\b/;

interface OnScreen {
  readonly verdict: string;
  /** The story box's text, or '' when the night tells none. */
  readonly story: string;
  /** True when the story is read off the chart (after an edit), not the one written for the night. */
  readonly storyFromChart: boolean;
  /** Every key-moment and violation label drawn on the chart. */
  readonly chart: string;
}

async function onScreen(page: Page): Promise<OnScreen> {
  const verdictText = (await verdict(page).textContent()) ?? '';
  const box = storyBox(page);
  const hasStory = (await box.count()) > 0;
  return {
    verdict: verdictText,
    story: hasStory ? ((await box.textContent()) ?? '') : '',
    storyFromChart: hasStory && (await box.locator('.night-story-edited').count()) > 0,
    chart: (
      await page.locator('svg.timeline').first().locator('.tl-moment-text, .tl-violation-text').allTextContents()
    ).join(' | '),
  };
}

/** The agreements, each with the words that broke it. */
function expectAgreement(seen: OnScreen, where: string): void {
  const context = `${where}\nverdict: ${seen.verdict}\nstory: ${seen.story}\nchart: ${seen.chart}`;
  const safe = /^Safe\b/.test(seen.verdict);
  const doubled = /^Unsafe\b/.test(seen.verdict) && DOUBLED.test(seen.verdict);
  // Safe never stands beside "applied twice", drawn or told.
  if (safe) {
    expect(DOUBLED.test(seen.chart), context).toBe(false);
    expect(DOUBLED.test(seen.story), context).toBe(false);
  }
  if (doubled) expect(DOUBLED.test(seen.chart), context).toBe(true);
  // A story no one wrote for this night is read off it: it says what the verdict says.
  if (seen.storyFromChart) {
    expect(DOUBLED.test(seen.story), context).toBe(doubled);
    if (REJECTED.test(seen.verdict)) expect(REJECTED.test(seen.story), context).toBe(true);
  }
  if (REJECTED.test(seen.verdict)) expect(REJECTED.test(seen.chart), context).toBe(true);
}

/** Every moment the live region reads out, walking Next key moment from the night's start. */
async function momentsReadOut(page: Page): Promise<string[]> {
  await page.getByRole('slider', { name: 'Playhead' }).press('Home');
  const next = page.getByRole('button', { name: 'Next key moment' });
  const heard: string[] = [];
  for (let step = 0; step < 40; step++) {
    const before = (await momentStatus(page).textContent()) ?? '';
    if (await next.isDisabled()) break;
    await next.click();
    const after = (await momentStatus(page).textContent()) ?? '';
    if (after === before) break;
    heard.push(after);
  }
  return heard;
}

/** A screenshot of the page's first screen, where the verdict and the story are. */
async function storyShot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** The live region's moments agree with the verdict too. */
async function expectReadOutAgrees(page: Page, where: string): Promise<void> {
  const heard = (await momentsReadOut(page)).join('\n');
  const verdictText = (await verdict(page).textContent()) ?? '';
  const context = `${where}\nverdict: ${verdictText}\nheard:\n${heard}`;
  expect(DOUBLED.test(heard), context).toBe(/^Unsafe\b/.test(verdictText) && DOUBLED.test(verdictText));
  if (REJECTED.test(verdictText)) expect(REJECTED.test(heard), context).toBe(true);
}

test('on the flagship the Fencing switch opens the fenced night with its own story, and a drag retells it', async ({
  page,
}) => {
  await openPlayground(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(storyBox(page)).toContainText('Paused holder: token 7 against token 8 (fencing off)');
  expectAgreement(await onScreen(page), 'the flagship');

  // Fencing on is the fenced telling: its title and story, not an edit of the other one.
  await fencing(page).click();
  await expect(verdict(page)).toHaveText(/^Safe: .*stale write by A with token 7 at 02:07:50 was rejected/);
  await expect(storyBox(page)).toContainText('Paused holder: token 7 against token 8 (fencing on)');
  await expect(storyBox(page)).toContainText('With fencing the update matches 0 rows');
  await expect(storyBox(page)).not.toContainText('applied twice');
  await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(0);
  await expect(scenarioMenu(page)).toHaveAttribute('title', 'Paused holder: token 7 against token 8 (fencing on)');
  expectAgreement(await onScreen(page), 'fencing on');
  await storyShot(page, 'storyAgrees-fencing-on');
  await expectReadOutAgrees(page, 'fencing on');

  // And back, as one undo step each way.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'false');
  await expect(storyBox(page)).toContainText('(fencing off)');
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);

  // A drag that ends A's pause before its lease does: the story is the chart's now, and safe.
  const edge = pauseOfA(page).locator('[data-drag="end"]');
  const from = await edge.boundingBox();
  if (!from) throw new Error('no pause edge');
  const y = from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(await xOfTime(page, '02:03:00'), y, { steps: 12 });
  await page.mouse.up();
  await expect(verdict(page)).toHaveText(/^Safe: every order applied at most once\.$/);
  await expect(storyBox(page).locator('.night-story-edited')).toHaveText(/^You have changed this night/);
  await expect(storyBox(page)).toContainText('(fencing off), edited');
  await expect(storyBox(page)).not.toContainText('applied twice');
  expectAgreement(await onScreen(page), 'after the drag');
  await storyShot(page, 'storyAgrees-dragged');
  await expectReadOutAgrees(page, 'after the drag');

  // Fencing on an edited night is an edit: the story is still read off the chart.
  await fencing(page).click();
  await expect(fencing(page)).toHaveAttribute('aria-checked', 'true');
  await expect(scenarioMenu(page)).toHaveText(/\(fencing off\) \(edited\)/);
  await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(1);
  // The story's title names the night it has become: fencing is on now.
  await expect(storyBox(page)).toContainText('(fencing on), edited');
  expectAgreement(await onScreen(page), 'after the drag, fencing on');

  // A drag that makes A's late write land after B's: with fencing on, rejected, told so.
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(verdict(page)).toHaveText(/^Unsafe\b/);
  await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(0);
  const body = await pauseOfA(page).locator('[data-drag="body"]').boundingBox();
  if (!body) throw new Error('no pause');
  const middle = { x: body.x + body.width / 2, y: body.y + body.height / 2 };
  await page.mouse.move(middle.x, middle.y);
  await page.mouse.down();
  await page.mouse.move(middle.x + (await xOfTime(page, '02:00:20')) - (await xOfTime(page, '02:00:00')), middle.y, {
    steps: 8,
  });
  await page.mouse.up();
  await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(1);
  await fencing(page).click();
  await expect(verdict(page)).toHaveText(/^Safe: .*was rejected/);
  await expect(storyBox(page)).toContainText('rejected as stale');
  await expect(storyBox(page)).not.toContainText('applied twice');
  expectAgreement(await onScreen(page), 'moved pause, fencing on');
  await storyShot(page, 'storyAgrees-dragged-fenced');
  await expectReadOutAgrees(page, 'moved pause, fencing on');
});

/** Each preset's id and title, read off the Scenario menu's open list (closed again after). */
async function presetTitles(page: Page): Promise<Map<string, string>> {
  await scenarioMenu(page).click();
  const pairs = await page
    .getByRole('listbox', { name: 'Scenario' })
    .getByRole('option')
    .evaluateAll((options) =>
      options.map((option) => [
        option.lastElementChild?.textContent?.trim() ?? '',
        option.firstElementChild?.textContent?.trim() ?? '',
      ]),
    );
  await page.keyboard.press('Escape');
  return new Map(pairs.map(([id, title]) => [id ?? '', title ?? '']));
}

test('every preset, and every preset with its fencing switched, tells one story', async ({ page }) => {
  test.setTimeout(240_000);
  await openPlayground(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  const titles = await presetTitles(page);
  expect(titles.size).toBeGreaterThan(40);
  for (const id of titles.keys()) {
    await choosePreset(page, id);
    await expect(scenarioMenu(page)).toHaveAttribute('title', titles.get(id) ?? id);
    await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(0);
    expectAgreement(await onScreen(page), id);
    const before = (await storyBox(page).locator('summary').textContent()) ?? '';
    const on = (await fencing(page).getAttribute('aria-checked')) === 'true';
    await fencing(page).click();
    await expect(fencing(page)).toHaveAttribute('aria-checked', on ? 'false' : 'true');
    // The story changed with the switch: the twin's own, or the one read off the chart.
    await expect(storyBox(page).locator('summary')).not.toHaveText(before);
    expectAgreement(await onScreen(page), `${id}, fencing ${on ? 'off' : 'on'}`);
  }
});

test('in Arabic, the switch opens the fenced night’s Arabic story, and an edit retells it from the chart in Arabic', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicVerdict = page.getByRole('status').filter({ hasText: /^(آمن|غير آمن)/ });
  await expect(arabicVerdict).toHaveText(/^غير آمن/);
  await page.getByRole('switch', { name: 'التسييج (fencing)' }).click();
  await expect(arabicVerdict).toHaveText(/^آمن/);
  await expect(storyBox(page).locator('.night-story-edited')).toHaveCount(0);
  await expect(storyBox(page)).not.toContainText('fencing on');
  // Moved by a step: the night is edited, and its story is the chart's, in Arabic.
  await page.locator('[data-event-index]').first().focus();
  await page.keyboard.press('ArrowRight');
  const note = storyBox(page).locator('.night-story-edited');
  await expect(note).toHaveText(/^غيّرت هذه الليلة منذ فُتحت/);
  await expect(storyBox(page)).toContainText('رُفضت الكتابة لأنها متقادمة');
  await expect(storyBox(page)).not.toContainText('rejected');
  await expect(storyBox(page)).not.toContainText('طُبِّق مرتين');
  await storyShot(page, 'storyAgrees-arabic-edited');
});
