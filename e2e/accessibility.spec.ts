import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { choosePreset, verdict } from './support/leaseline';

/**
 * axe-core finds no WCAG 2.2 A/AA violation on any view: the editor, the lesson player, the
 * presentation (projector) view, the EX03 exercise, the night's story, and the dialogs and
 * menus (shortcuts, course map, export, the legend, statechart, SQL of a write), each in the light and the dark colour
 * scheme; reduced motion turns transitions off.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`)
        .join(' | ')}`,
  );
}

interface View {
  readonly name: string;
  readonly open: (page: Page) => Promise<void>;
}

const VIEWS: readonly View[] = [
  {
    name: 'editor',
    open: async (page) => {
      await page.goto('/');
      await expect(verdict(page)).toBeVisible();
    },
  },
  {
    name: 'shortcuts dialog',
    open: async (page) => {
      await page.goto('/');
      await expect(verdict(page)).toBeVisible();
      await page.getByRole('button', { name: /^Shortcuts/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'course map',
    open: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Course' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'export menu',
    open: async (page) => {
      await page.goto('/');
      const button = page.getByRole('button', { name: /^Export/ });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'story folded and the legend',
    open: async (page) => {
      await page.goto('/');
      await expect(verdict(page)).toBeVisible();
      await page.locator('details.night-story summary').click();
      await page.getByRole('button', { name: 'Legend', exact: true }).click();
      await expect(page.getByRole('dialog', { name: /^Legend/ })).toBeVisible();
    },
  },
  {
    name: 'legend of a Redis night',
    open: async (page) => {
      await page.goto('/');
      await choosePreset(page, 's10-redis-failover');
      await page.getByRole('button', { name: 'Legend', exact: true }).click();
      await expect(page.getByRole('dialog', { name: /^Legend/ })).toContainText('a node that is down');
    },
  },
  {
    name: 'statechart and SQL',
    open: async (page) => {
      await page.goto('/');
      await page.locator('svg.timeline text.tl-lane-label').filter({ hasText: 'Replica A' }).click();
      await page
        .getByRole('button', { name: /^Write of order 1001 by A/ })
        .first()
        .click();
      await expect(page.getByText(/^SQL of A's write/)).toBeVisible();
    },
  },
  {
    name: 'lesson player',
    open: async (page) => {
      await page.goto('/#lesson=l4&step=2');
      await expect(page.locator('svg.timeline')).toBeVisible();
    },
  },
  {
    name: 'presentation',
    open: async (page) => {
      await page.goto('/#lesson=l5&step=4&present=1');
      await expect(page.getByRole('main', { name: 'Presentation' })).toBeVisible();
    },
  },
  {
    name: 'exercise EX03',
    open: async (page) => {
      await page.goto('/#exercise=ex03');
      await expect(verdict(page)).toBeVisible();
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme, viewport: { width: 1400, height: 1000 } });
    for (const view of VIEWS) {
      test(`${view.name}: no WCAG 2.2 A/AA violation`, async ({ page }) => {
        await view.open(page);
        expect(await axe(page)).toEqual([]);
      });
    }
  });
}

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('transitions are off', async ({ page }) => {
    await page.goto('/');
    const durations = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .map((element) => getComputedStyle(element).transitionDuration)
        .filter((duration) => duration.split(',').some((part) => Number.parseFloat(part) > 0)),
    );
    expect(durations).toEqual([]);
  });
});

test.describe('single-key shortcuts', () => {
  test.use({ viewport: { width: 1400, height: 1000 } });
  test('can be turned off in the shortcuts dialog, and stay off after a reload', async ({ page }) => {
    await page.goto('/');
    const fencing = page.getByRole('switch', { name: 'Fencing' });
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');

    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Single-key shortcuts' }).uncheck();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.keyboard.press('f');
    await page.keyboard.press('Shift+Slash');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(verdict(page)).toBeVisible();
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'false');
    // Chords stay: the toolbar's button still opens the list, and turns them back on.
    await page.getByRole('button', { name: /^Shortcuts/ }).click();
    await dialog.getByRole('checkbox', { name: 'Single-key shortcuts' }).check();
    await page.keyboard.press('Escape');
    // The focus is back on the toolbar's button, where a letter is stray typing: from the
    // chart, F is the fencing switch again.
    await page.locator('svg.timeline').focus();
    await page.keyboard.press('f');
    await expect(fencing).toHaveAttribute('aria-checked', 'true');
  });
});
