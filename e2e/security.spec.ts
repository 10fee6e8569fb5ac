import { expect, type Page, test } from '@playwright/test';
import { LESSONS } from '../src/presets/lessons';
import { choosePreset, openPlayground, presetIds, verdict } from './support/leaseline';

/**
 * The Content-Security-Policy holds in Chromium: the page is served with it (header and meta),
 * and opening every preset and every step of every lesson causes no CSP violation and no
 * console error.
 */

interface Problems {
  readonly violations: string[];
  readonly consoleErrors: string[];
}

/** Collects CSP violations (reported by the page) and console errors from the start. */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { violations: [], consoleErrors: [] };
  await page.exposeFunction('__leaselineCspViolation', (text: string) => problems.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __leaselineCspViolation: (text: string) => void }).__leaselineCspViolation;
      report(`${event.violatedDirective}: ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  return problems;
}

test('the page is served with the Content-Security-Policy, as a header and in the HTML', async ({ page }) => {
  const response = await page.goto('/');
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self'");
  expect(header).toContain("frame-ancestors 'none'");
  expect(header).not.toContain('unsafe-eval');
  expect(header).not.toMatch(/script-src[^;]*unsafe-inline/);
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    /script-src 'self'/,
  );
  expect(await page.locator('script:not([src])').count()).toBe(0);
});

test('every preset opens with no CSP violation and no console error', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = await watch(page);
  await openPlayground(page);
  // Every preset the Scenario menu offers, as a person would pick them.
  const ids = await presetIds(page);
  expect(ids.length).toBeGreaterThan(40);
  for (const id of ids) {
    await choosePreset(page, id);
    await expect(verdict(page)).toBeVisible();
  }
  expect(problems.violations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

test('every step of every lesson opens with no CSP violation and no console error', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = await watch(page);
  await page.setViewportSize({ width: 1400, height: 1000 });
  for (const lesson of LESSONS) {
    for (let step = 1; step <= lesson.steps.length; step++) {
      await page.goto(`/#lesson=${lesson.id}&step=${step}`);
      await expect(page.locator('svg.timeline')).toBeVisible();
    }
  }
  expect(problems.violations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});
