import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { scratchFolder } from './scratch';

/**
 * What the browser tests share: finding things on the page by role and name, reading times
 * as a person reads them, and the `leaseline` command line as the oracle for what a scenario
 * file means (the page must say what the CLI says).
 */

/** The one-sentence verdict in the live region: "Safe: ..." or "Unsafe: ...". */
export const verdict = (page: Page) => page.getByRole('status').filter({ hasText: /^(Safe|Unsafe)\b/ });
export const slider = (page: Page, name: string | RegExp) => page.getByRole('slider', { name });
export const pauseOfA = (page: Page) => slider(page, 'Pause, replica A');
export const timeline = (page: Page) =>
  page.getByRole('group', { name: /^Timeline of the night/ }).and(page.locator('svg'));
export const playhead = (page: Page) => page.getByRole('slider', { name: 'Playhead' });
/** The Scenario menu's button; it names the night on screen ("... (edited)" once changed). */
export const scenarioMenu = (page: Page) =>
  page.getByRole('toolbar', { name: 'Scenario tools' }).getByRole('button', { name: /^Scenario\b/ });
/** The Learn menu's button (lessons and exercise views). */
export const learnMenu = (page: Page) => page.getByRole('button', { name: /^Learn\b/ });

/** Opens a menu button's list and chooses the option whose name matches, with a click. */
async function chooseFrom(page: Page, button: Locator, listName: string, option: RegExp): Promise<void> {
  await button.click();
  await page.getByRole('listbox', { name: listName }).getByRole('option', { name: option }).click();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses built-in preset `id` in the Scenario menu, as a person would (open, click). */
export async function choosePreset(page: Page, id: string): Promise<void> {
  await chooseFrom(page, scenarioMenu(page), 'Scenario', new RegExp(` ${escapeRegExp(id)}$`));
}

/** Chooses the Learn menu's entry named `label` (a lesson or an exercise view). */
export async function chooseLearn(page: Page, label: string): Promise<void> {
  await chooseFrom(page, learnMenu(page), 'Learn', new RegExp(`^${escapeRegExp(label)}$`));
}

/** Every preset id the Scenario menu offers, read off its open list (closed again after). */
export async function presetIds(page: Page): Promise<string[]> {
  await scenarioMenu(page).click();
  const names = await page
    .getByRole('listbox', { name: 'Scenario' })
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => option.lastElementChild?.textContent?.trim() ?? ''));
  await page.keyboard.press('Escape');
  return names.filter(Boolean);
}
export const eventsTable = (page: Page) => page.getByRole('table', { name: /^Every event placed on the night/ });
export const outcomeTable = (page: Page) => page.getByRole('table', { name: /^Each order's writes/ });
/** The "At 02:05:00" panel: its heading names the playhead's time. */
export const atPlayhead = (page: Page) => page.getByRole('region', { name: /^At \d\d:\d\d:\d\d/ });

/**
 * Waits until the app has taken the page over from the prerendered first screen (index.html's
 * inert picture of the page, shown until the app, loaded after the first paint, has drawn its
 * chart). Role queries never see the first screen (it is aria-hidden); a CSS selector such as
 * `svg.timeline` matches its copy too until it is gone, and the head script sets `lang` and
 * `dir` before the app runs, so neither says the app is there.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#first-screen')).toHaveCount(0);
}

/** Opens the playground (optionally with a `#s=...` fragment) on a fresh document load. */
export async function openPlayground(page: Page, fragment = ''): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto(`/${fragment}`);
  await expect(verdict(page)).toBeVisible();
}

/** "02:05:10.003" (or "02:05:10") as milliseconds since midnight. */
export function timeMs(text: string): number {
  const match = /(\d\d):(\d\d):(\d\d)(?:\.(\d{1,3}))?/.exec(text);
  if (!match) throw new Error(`no time of night in "${text}"`);
  const [, hh, mm, ss, frac = '0'] = match;
  return ((Number(hh) * 60 + Number(mm)) * 60 + Number(ss)) * 1000 + Number(frac.padEnd(3, '0'));
}

/** The playhead's time as the slider announces it (aria-valuetext). */
export async function playheadMs(page: Page): Promise<number> {
  return timeMs((await playhead(page).getAttribute('aria-valuetext')) ?? '');
}

/** Centre of a locator's box in page coordinates. */
export async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The page x of an instant on the chart, read off two axis labels ("02:00" and "02:10"). */
export async function xOfTime(page: Page, hhmmss: string): Promise<number> {
  const label = async (text: string) =>
    (await centre(page.locator('svg.timeline text.tl-tick-label').filter({ hasText: new RegExp(`^${text}$`) }))).x;
  const at0 = await label('02:00');
  const at10 = await label('02:10');
  return at0 + ((at10 - at0) * (timeMs(hhmmss) - timeMs('02:00:00'))) / 600_000;
}

/** The page y of the middle of a lane, read off its label ("Replica B", "Lock", "Storage"). */
export async function yOfLane(page: Page, laneLabel: string): Promise<number> {
  return (await centre(page.locator('svg.timeline text.tl-lane-label').filter({ hasText: laneLabel }))).y;
}

/** Drags with the mouse, in small steps as a hand would; `modifier` is held throughout. */
export async function dragBy(page: Page, from: Locator, dxPx: number, modifier?: 'Alt' | 'Shift'): Promise<void> {
  const { x, y } = await centre(from);
  await page.mouse.move(x, y);
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.down();
  await page.mouse.move(x + dxPx / 2, y, { steps: 8 });
  await page.mouse.move(x + dxPx, y, { steps: 8 });
  await page.mouse.up();
  if (modifier) await page.keyboard.up(modifier);
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `npm run --silent leaseline -- ...args` in the repository: the sources through tsx, which the docs' `npx leaseline` runs built. */
export function leaseline(...args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'leaseline', '--', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Writes a scenario document to a fresh temporary file and returns its path. */
export async function scenarioFile(name: string, document: unknown): Promise<string> {
  const dir = await scratchFolder('scenario-');
  const file = path.join(dir, name);
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

/** A built-in preset as a scenario document, as `leaseline preset ID` prints it. */
export async function presetDocument(id: string): Promise<Record<string, unknown>> {
  const result = await leaseline('preset', id);
  if (result.code !== 0) throw new Error(`leaseline preset ${id} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** The share-link fragment (`#s=1....`) that `leaseline link FILE` prints for a file. */
export async function linkFragment(file: string): Promise<string> {
  const result = await leaseline('link', file);
  if (result.code !== 0) throw new Error(`leaseline link failed: ${result.stderr}`);
  const link = result.stdout.trim();
  const hashAt = link.indexOf('#');
  if (hashAt === -1) throw new Error(`no fragment in "${link}"`);
  return link.slice(hashAt);
}

export interface CheckReportJson {
  readonly safe: boolean;
  readonly doubleApplied: readonly { readonly order: number; readonly times: number }[];
  readonly writes: readonly {
    readonly replica: string;
    readonly order: number;
    readonly token: number | null;
    readonly at: string;
    readonly result: string;
  }[];
}

/** What `leaseline check FILE --json` reports (exit 0 safe, 1 unsafe; 2 is an error here). */
export async function check(file: string): Promise<CheckReportJson> {
  const result = await leaseline('check', file, '--json');
  if (result.code !== 0 && result.code !== 1) throw new Error(`leaseline check failed: ${result.stderr}`);
  const parsed = JSON.parse(result.stdout) as CheckReportJson | CheckReportJson[];
  return Array.isArray(parsed) ? (parsed[0] as CheckReportJson) : parsed;
}

/** Screenshots of the page at a projector's and a desktop's size, into test-results/shots/, to be looked at. */
export async function shotAtTwoSizes(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await shot(page, name);
  }
}

/**
 * A screenshot at the page's present size, into test-results/shots/ beside shotAtTwoSizes'
 * (named by the width), for a test that is already at the size it looks at.
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/shots/${name}-${width}.png`, fullPage: options.fullPage ?? false });
}
