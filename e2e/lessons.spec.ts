import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { chooseLearn, scenarioMenu, shot } from './support/leaseline';

/**
 * Lessons in a real browser: lesson 5 in presentation mode driven by the keyboard alone, as a
 * clicker and a keypad would drive it (predicting at every question, then the reveal), the
 * blank screen, leaving with Esc, axe with the AAA contrast rule on the projector view, and
 * screenshots at 1920x1080 (test-results/shots/); the EX05 sliders and the EX04 statement stepper.
 */

const presentation = (page: Page) => page.getByRole('main', { name: 'Presentation' });
const caption = (page: Page) => presentation(page).getByRole('heading', { level: 1 });
const stepOf = (page: Page) => presentation(page).getByText(/· step \d+ of \d+$/);
const outcome = (page: Page) => page.locator('.lesson-outcome[role="status"]');
const verdictRegion = (page: Page) => page.locator('.verdict-text[role="status"]');

/** axe's findings on the page as `rule: targets`, empty when there are none. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
  );
}

const ACCEPTED = 'Accepted: storage applies it';

/** Lesson 5's questions, the key pressed for each, and what the reveal must then say. */
const LESSON_5 = [
  { step: 1, caption: /no lock at all/, key: '3', predicted: '3 times', actual: '3 times', verdict: /^Unsafe/ },
  { step: 2, caption: /Add ShedLock/, key: '2', predicted: '2 times', actual: 'Once', verdict: /^Safe/ },
  {
    step: 3,
    caption: /A crashes at 02:01:00/,
    key: '2',
    predicted: 'At 02:30:10',
    actual: 'At 02:30:10',
    verdict: /^Safe/,
  },
  // Step 5 asks about this very night: its verdict would give the answer away.
  { step: 4, caption: /The flagship/, verdict: /^Verdict hidden: step 5 asks about this night\.$/ },
  { step: 5, caption: /sends #1003 with token 7/, key: '1', predicted: ACCEPTED, actual: ACCEPTED, verdict: /^Unsafe/ },
  {
    step: 6,
    caption: /one switch turned on/,
    key: '1',
    predicted: ACCEPTED,
    actual: 'Rejected as stale',
    verdict: /^Safe/,
  },
  { step: 7, caption: /Every order is applied once/, verdict: /^Safe/ },
] as const;

test.describe('lesson 5 in presentation mode', () => {
  test('runs with the keyboard alone: predict, reveal, blank, leave', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/#lesson=l5&step=1&present=1');
    await expect(presentation(page)).toBeVisible();
    // No chrome: the playground's toolbar and panels are gone.
    await expect(page.getByRole('toolbar', { name: 'Scenario tools' })).toHaveCount(0);

    for (const expected of LESSON_5) {
      await expect(stepOf(page)).toHaveText(
        `Lesson 5: A nightly job once across three replicas · step ${expected.step} of 7`,
      );
      await expect(caption(page)).toHaveText(expected.caption);
      await expect(page).toHaveURL(new RegExp(`#lesson=l5&step=${expected.step}&present=1$`));
      if ('key' in expected) {
        // Before predicting: the verdict and the write's result stay hidden.
        await expect(verdictRegion(page)).toHaveText('Verdict hidden until you predict.');
        await expect(page.locator('svg.timeline g.tl-curtain')).toHaveCount(1);
        if (expected.step === 5) {
          await expect(page.locator('svg.timeline .tl-write--masked')).toHaveAttribute(
            'aria-label',
            'Write of order 1003 by A, token 7, result hidden',
          );
          // B's write of 1003 is doubled only by A's behind the curtain: no ring, no link, plain name.
          await expect(page.locator('svg.timeline .tl-write--doubled:visible')).toHaveCount(0);
          await expect(page.locator('svg.timeline [aria-label*="applied more than once"]:visible')).toHaveCount(0);
          await shot(page, 'lessons-l5-step5-predict');
        }
        await page.keyboard.press(expected.key);
        const match = expected.predicted === expected.actual;
        await expect(outcome(page)).toContainText(
          `You predicted “${expected.predicted}”; the night shows “${expected.actual}”.${match ? ' Right.' : ''}`,
        );
        await expect(page.locator('svg.timeline g.tl-curtain')).toHaveCount(0);
        if (expected.step === 5) await expect(page.locator('svg.timeline .tl-write--doubled')).toHaveCount(6);
        if (expected.step === 6) await shot(page, 'lessons-l5-step6-revealed');
      }
      await expect(verdictRegion(page)).toHaveText(expected.verdict);
      if (expected.step === 4) {
        await shot(page, 'lessons-l5-step4');
        // B blanks the screen; B again brings it back; so does a next key (without moving on).
        await page.keyboard.press('b');
        await expect(page.locator('.present-blank')).toBeVisible();
        await shot(page, 'lessons-l5-blank');
        await page.keyboard.press('b');
        await expect(page.locator('.present-blank')).toHaveCount(0);
        await page.keyboard.press('b');
        await page.keyboard.press('PageDown');
        await expect(page.locator('.present-blank')).toHaveCount(0);
        await expect(stepOf(page)).toContainText('step 4 of 7');
        // Back with PageUp to step 3's question, asked afresh; Space (a clicker's next) reveals
        // without a prediction, and Space again moves on.
        await page.keyboard.press('PageUp');
        await expect(stepOf(page)).toContainText('step 3 of 7');
        await expect(verdictRegion(page)).toHaveText('Verdict hidden until you predict.');
        await page.keyboard.press('Space');
        await expect(outcome(page)).toContainText('No prediction; the night shows “At 02:30:10”.');
        await page.keyboard.press('Space');
        await expect(stepOf(page)).toContainText('step 4 of 7');
        await page.keyboard.press('ArrowLeft');
        await expect(stepOf(page)).toContainText('step 3 of 7');
        await page.keyboard.press('2');
        await page.keyboard.press('ArrowRight');
        await expect(stepOf(page)).toContainText('step 4 of 7');
        // An arrow pressed on the chart's pause slider turns the page; it does not move the pause.
        const pause = page.getByRole('slider', { name: 'Pause, replica A' });
        await pause.focus();
        await page.keyboard.press('ArrowRight');
        await expect(stepOf(page)).toContainText('step 5 of 7');
        await page.keyboard.press('ArrowLeft');
        await expect(stepOf(page)).toContainText('step 4 of 7');
        await expect(pause).toHaveAttribute('aria-valuetext', '02:01:30 to 02:07:30');
      }
      if (expected.step < 7) await page.keyboard.press(expected.step % 2 === 0 ? 'ArrowRight' : 'PageDown');
    }

    // F asks for full screen (and F again leaves it); in the playground F is the fencing switch.
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false);

    // Esc leaves the presentation for the lesson in the page, at the same step.
    await page.keyboard.press('Escape');
    await expect(presentation(page)).toHaveCount(0);
    await expect(page.getByRole('toolbar', { name: 'Scenario tools' })).toBeVisible();
    await expect(page).toHaveURL(/#lesson=l5&step=7$/);
    await expect(
      page.getByRole('region', { name: 'Lesson 5: A nightly job once across three replicas' }),
    ).toContainText('Step 7 of 7');
    // Back in the playground, F is the fencing switch again (step 7's night had it on).
    const fencing = page.getByRole('switch', { name: 'Fencing' });
    await expect(fencing).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
  });

  test('axe finds no violations, AAA contrast included, and the type is projector-sized', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/#lesson=l5&step=5&present=1');
    await expect(caption(page)).toContainText('sends #1003 with token 7');
    const before = await new AxeBuilder({ page })
      .withRules([])
      .options({ rules: { 'color-contrast-enhanced': { enabled: true } } })
      .analyze();
    expect(
      before.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
    ).toEqual([]);
    await page.keyboard.press('2');
    await expect(outcome(page)).toContainText(`the night shows “${ACCEPTED}”`);
    const after = await new AxeBuilder({ page })
      .options({ rules: { 'color-contrast-enhanced': { enabled: true } } })
      .analyze();
    expect(after.violations.map((violation) => violation.id)).toEqual([]);
    // Body text at least 24 px; the chart's lane labels at least 18 px on the screen (issue 11),
    // its display scale times the projector theme's 13 px (the layout is the viewBox).
    const bodyPx = await presentation(page).evaluate((element) =>
      Number.parseFloat(getComputedStyle(element).fontSize),
    );
    expect(bodyPx).toBeGreaterThanOrEqual(24);
    const labelPx = await page.locator('svg.timeline').evaluate((svg) => {
      const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
      const label = svg.querySelector('.tl-lane-label') as Element;
      return scale * Number.parseFloat(getComputedStyle(label).fontSize);
    });
    expect(labelPx).toBeGreaterThanOrEqual(18);
    await shot(page, 'lessons-l5-step5-revealed');
  });
});

test('every step of every lesson opens from its link in presentation mode and fits a 1920x1080 screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const steps = { l1: 6, l2: 5, l3: 9, l4: 11, l5: 7 } as const;
  const overflowing: string[] = [];
  for (const [lesson, count] of Object.entries(steps)) {
    for (let step = 1; step <= count; step += 1) {
      await page.goto(`/#lesson=${lesson}&step=${step}&present=1`);
      await expect(stepOf(page)).toContainText(`step ${step} of ${count}`);
      await expect(presentation(page).locator('svg.timeline g.tl-lane').first()).toBeVisible();
      const fits = await presentation(page).evaluate((main) => main.scrollHeight <= main.clientHeight);
      if (!fits) overflowing.push(`${lesson} step ${step}`);
    }
  }
  expect(overflowing).toEqual([]);
});

// Two rows for the key moments in presentation (chartSize.ts PRESENT_SIZING) keep this true.
test('every step of every lesson presented at 1280x720 keeps 40 % for the night and its words at 18 px or more', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const steps = { l1: 6, l2: 5, l3: 9, l4: 11, l5: 7 } as const;
  const short: string[] = [];
  for (const [lesson, count] of Object.entries(steps)) {
    for (let step = 1; step <= count; step += 1) {
      await page.goto(`/#lesson=${lesson}&step=${step}&present=1`);
      await expect(stepOf(page)).toContainText(`step ${step} of ${count}`);
      await expect(presentation(page).locator('svg.timeline g.tl-lane').first()).toBeVisible();
      const sizes = await presentation(page).evaluate((main) => {
        const svg = main.querySelector('svg.timeline') as SVGSVGElement;
        // Screen px per layout px: the chart is its layout (the viewBox) drawn larger.
        const perLayoutPx = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        const onScreenPx = (element: Element | null) =>
          element === null ? null : Number.parseFloat(getComputedStyle(element).fontSize) * perLayoutPx;
        const lanes = [...svg.querySelectorAll('.tl-lane-bg')].map((lane) => lane.getBoundingClientRect());
        // The slide's words outside the chart: step line, caption, question, choices, verdict, buttons.
        const slideWords = [
          ...main.querySelectorAll('.present-step-of, h1, .lesson-prediction, .lesson-choice, .verdict, nav button'),
        ]
          .filter((element) => element.getBoundingClientRect().height > 0)
          .map((element) => Number.parseFloat(getComputedStyle(element).fontSize));
        return {
          lanePx: onScreenPx(svg.querySelector('.tl-lane-label')),
          momentPx: onScreenPx(svg.querySelector('.tl-moment-text')),
          nightPx: Math.max(...lanes.map((box) => box.bottom)) - Math.min(...lanes.map((box) => box.top)),
          smallestSlidePx: Math.min(...slideWords),
          fits: main.scrollHeight <= main.clientHeight,
        };
      });
      const where = `${lesson} step ${step}`;
      if ((sizes.lanePx ?? 0) < 18) short.push(`${where}: lane labels ${sizes.lanePx} px`);
      if (sizes.momentPx !== null && sizes.momentPx < 18) short.push(`${where}: key moments ${sizes.momentPx} px`);
      if (sizes.nightPx < 0.4 * 720) short.push(`${where}: the night ${sizes.nightPx} px tall`);
      if (sizes.smallestSlidePx < 18) short.push(`${where}: slide text ${sizes.smallestSlidePx} px`);
      if (!sizes.fits) short.push(`${where}: does not fit`);
    }
  }
  expect(short).toEqual([]);
  await shot(page, 'lessons-l5-step7-presented');
});

test.describe('lessons in the playground', () => {
  test('the menu opens a lesson; a number key predicts; the panels come back after the reveal', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/');
    await chooseLearn(page, 'Lesson 4: Fencing tokens');
    const player = page.getByRole('region', { name: 'Lesson 4: Fencing tokens' });
    await expect(player.getByText('Step 1 of 11')).toBeVisible();
    await expect(page).toHaveURL(/#lesson=l4&step=1$/);
    await player.getByRole('button', { name: 'Next' }).click();
    await expect(player.getByText('Step 2 of 11')).toBeVisible();
    await expect(verdictRegion(page)).toHaveText('Verdict hidden until you predict.');
    // The panels that would give the answer away wait for the prediction.
    await expect(page.getByRole('table', { name: /^Each order's writes/ })).toHaveCount(0);
    await shot(page, 'lessons-player-predict');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('2');
    await expect(outcome(page)).toContainText(`You predicted “Rejected as stale”; the night shows “${ACCEPTED}”.`);
    await expect(verdictRegion(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    await expect(page.getByRole('table', { name: /^Each order's writes/ })).toBeVisible();
    await shot(page, 'lessons-player-revealed');
    // Present opens the same step in presentation mode, and the address says so.
    await player.getByRole('button', { name: 'Present' }).click();
    await expect(page).toHaveURL(/#lesson=l4&step=2&present=1$/);
    await expect(presentation(page)).toBeVisible();
    // Esc goes back to the lesson in the page, at the step presented.
    await page.keyboard.press('Escape');
    await expect(presentation(page)).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Lesson 4: Fencing tokens' }).getByText('Step 2 of 11'),
    ).toBeVisible();
    await expect(page).toHaveURL(/#lesson=l4&step=2$/);
  });

  test("the Scenario button names the lesson's night: the preset it is built on, the lesson and the step", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/#lesson=l5&step=5');
    const player = page.getByRole('region', { name: 'Lesson 5: A nightly job once across three replicas' });
    await expect(player.getByText('Step 5 of 7')).toBeVisible();
    await expect(scenarioMenu(page)).toHaveAccessibleName(
      'Scenario Paused holder: token 7 against token 8 (fencing off) (lesson 5, step 5)',
    );
    // Step 6 turns fencing on: the night is no longer the preset's, and the button says so.
    // (Next first reveals step 5's answer, then goes on.)
    await player.getByRole('button', { name: 'Next' }).click();
    await expect(outcome(page)).toContainText('the night shows');
    await player.getByRole('button', { name: 'Next' }).click();
    await expect(player.getByText('Step 6 of 7')).toBeVisible();
    await expect(scenarioMenu(page)).toHaveAccessibleName(
      'Scenario Paused holder: token 7 against token 8 (fencing off) (lesson 5, step 6, edited)',
    );
    await expect(scenarioMenu(page)).not.toContainText('Edited scenario');
    await shot(page, 'lessons-scenario-button');
  });
});

test.describe('exercise views', () => {
  const liveVerdict = (page: Page) => page.getByRole('status').filter({ hasText: /^(Safe|Unsafe)\b/ });

  test('EX05: arrow keys on the sliders move where a second run starts, and the lint explains itself', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/');
    await chooseLearn(page, 'EX05: lockAtMostFor and lockAtLeastFor');
    const explorer = page.getByRole('region', { name: 'EX05: lockAtMostFor and lockAtLeastFor' });
    const results = explorer.getByRole('list').first();
    await expect(results).toContainText('Normal night: ✗ a second run by C starts at 02:04:00, after A finished.');
    await expect(results).toContainText(
      'Worst night: ✗ a second run by B starts at 02:10:10 while A is still running.',
    );
    // The chart rings the grant that let C in, and its lane.
    await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(2);
    await expect(explorer).toContainText('ShedLock assumes synchronised clocks');
    await shot(page, 'lessons-ex05-defaults');
    expect(await axeViolations(page)).toEqual([]);

    // lockAtLeastFor from 0s to 5m, ten steps of 30 s with the arrow key: C is denied.
    const atLeast = explorer.getByRole('slider', { name: 'lockAtLeastFor' });
    await atLeast.focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect(atLeast).toHaveAttribute('aria-valuetext', '5m');
    await expect(results).toContainText('Normal night: the job runs once. ✓');
    await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(0);

    // The worst night on the chart: unsafe until lockAtMostFor is above the 20-minute run.
    await explorer.getByRole('radio', { name: /^Worst night/ }).check();
    await expect(liveVerdict(page)).toHaveText(/^Unsafe: order 1003 applied twice/);
    await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(2);
    const atMost = explorer.getByRole('slider', { name: 'lockAtMostFor' });
    await atMost.focus();
    await page.keyboard.press('End');
    await expect(atMost).toHaveAttribute('aria-valuetext', '40m');
    await expect(results).toContainText('Worst night: the job runs once. ✓');
    await expect(liveVerdict(page)).toHaveText(/^Safe/);
    await expect(explorer).toContainText('No warnings');
    // ShedLock's own rule: lockAtLeastFor may not exceed lockAtMostFor.
    await page.keyboard.press('Home');
    await expect(explorer).toContainText('lockAtLeastFor may not exceed lockAtMostFor');
    await shot(page, 'lessons-ex05-rejected');
  });

  test('EX04: the fenced update statement by statement, to the 0-row answer and the abort', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto('/');
    await chooseLearn(page, 'EX04: the fenced update, statement by statement');
    const view = page.getByRole('region', { name: 'EX04: the fenced update, statement by statement' });
    await expect(view.getByText(/^Statement 1 of \d+/)).toContainText('02:00:00.002, replica A');
    await expect(view.locator('code')).toHaveText(
      "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7",
    );
    await expect(view).toContainText('1 row: fenced');
    await view.getByRole('button', { name: 'Next statement' }).click();
    await expect(view.getByText(/^Statement 2 of/)).toBeVisible();
    await view.getByRole('button', { name: 'Jump to the 0-row update' }).click();
    await expect(view).toContainText('0 rows: stale');
    await expect(view).toContainText("A's run ends aborted at 02:07:50");
    await expect(view.getByText(/^Statement \d+ of \d+/)).toContainText('02:07:50.002, replica A');
    // The write it belongs to is ringed on the chart, and the playhead stands on it.
    await expect(page.locator('svg.timeline rect.tl-spotlight')).toHaveCount(1);
    await shot(page, 'lessons-ex04-stale');
    expect(await axeViolations(page)).toEqual([]);
    await view.getByRole('button', { name: 'Next statement' }).click();
    await expect(view.locator('code')).toHaveText('ROLLBACK');
    await expect(view.getByRole('button', { name: 'Next statement' })).toBeDisabled();
  });
});
