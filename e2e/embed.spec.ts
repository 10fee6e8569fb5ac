import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Frame, type Page, test } from '@playwright/test';
import { shotAtTwoSizes } from './support/leaseline';

/**
 * An embedded night (embed.html, docs/embed.md) in a page of another origin: its messages
 * (ready, the verdict, key moments) and the host's commands; fitted to its frame with no
 * scrollbar; accessible, in Arabic right to left; framed by anyone while the app refuses
 * framing; and the Export menu's Embed dialog by keyboard and by mouse.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const FLAGSHIP = 's07-fencing-off';

interface HostMessage {
  readonly origin: string;
  readonly data: { readonly leaseline: number; readonly type: string; [key: string]: unknown };
}

let host: Server;
let hostOrigin = '';
/** The page the host serves: a lesson's text and the embed's snippet (its `src` from the query). */
function hostPage(src: string, heightPx: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A lesson page</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:24px auto;max-width:60rem;padding:0 16px;color:#222}</style></head>
<body><h1>Lesson 3: the paused holder</h1>
<p>Replica A takes the lock, then pauses for longer than its lease. Watch what its late write does, then turn fencing on.</p>
<script>window.messages=[];addEventListener('message',function(e){if(e.data&&e.data.leaseline===1)window.messages.push({origin:e.origin,data:e.data});});</script>
<iframe id="night" src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="Leaseline: the paused holder" loading="lazy" style="width:100%;height:${heightPx}px;border:0"></iframe>
<p>What changed in the verdict, and why?</p></body></html>`;
}

test.beforeAll(async () => {
  host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(hostPage(url.searchParams.get('src') ?? '', Number(url.searchParams.get('height') ?? 580)));
  });
  await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

/** Opens the host page (another origin than the app's) embedding `fragment`. */
async function openHost(page: Page, baseURL: string, fragment: string, heightPx = 580): Promise<Frame> {
  const src = `${baseURL}/embed.html#${fragment}`;
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(src)}&height=${heightPx}`);
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${baseURL}/embed.html`));
  await expect.poll(() => page.frames().some((candidate) => candidate.url().includes('/embed.html'))).toBe(true);
  return frame ?? (page.frames().find((candidate) => candidate.url().includes('/embed.html')) as Frame);
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { messages: HostMessage[] }).messages);
const ofType = async (page: Page, type: string) => (await messages(page)).filter((m) => m.data.type === type);

/** Sends a command from the host page to the embed, as a course page's script would. */
async function send(page: Page, command: Record<string, unknown>, targetOrigin: string): Promise<void> {
  await page.evaluate(
    ([data, origin]) =>
      (document.getElementById('night') as HTMLIFrameElement).contentWindow?.postMessage(data, origin as string),
    [{ leaseline: 1, ...command }, targetOrigin] as const,
  );
}

test('a host page on another origin hears ready and the verdict, and switches fencing through the API', async ({
  page,
  baseURL,
}) => {
  const base = baseURL as string;
  await openHost(page, base, `preset=${FLAGSHIP}&origin=${encodeURIComponent(hostOrigin)}`);
  await expect.poll(async () => (await ofType(page, 'ready')).length).toBeGreaterThan(0);
  const ready = (await ofType(page, 'ready'))[0] as HostMessage;
  expect(ready.origin).toBe(base);
  expect(ready.data.commands).toEqual(['hello', 'setFencing', 'play', 'pause', 'step', 'seek']);
  await expect.poll(async () => (await ofType(page, 'verdict')).length).toBeGreaterThan(0);
  const first = (await ofType(page, 'verdict'))[0] as HostMessage;
  expect(first.data).toMatchObject({ leaseline: 1, safe: false, fencing: false });
  expect(String(first.data.text)).toMatch(/^Unsafe/);
  expect((first.data.violations as { invariant: string }[]).length).toBeGreaterThan(0);

  await send(page, { type: 'setFencing', on: true }, base);
  await expect.poll(async () => (await ofType(page, 'verdict')).at(-1)?.data.safe).toBe(true);
  const last = (await ofType(page, 'verdict')).at(-1) as HostMessage;
  // Safe, though the zombie window (I2) is still reported: fencing makes the stale write harmless, not the belief.
  expect(last.data).toMatchObject({ fencing: true });
  expect(String(last.data.text)).toMatch(/^Safe/);

  // Each key moment as the playhead reaches it.
  await send(page, { type: 'step', direction: 1 }, base);
  await expect.poll(async () => (await ofType(page, 'keyMoment')).length).toBeGreaterThan(0);
  const moment = (await ofType(page, 'keyMoment'))[0] as HostMessage;
  expect(typeof moment.data.atMs).toBe('number');
  expect(String(moment.data.text)).toMatch(/^\d\d:\d\d:\d\d: A acquires the lock/);

  // Junk and unknown commands are ignored; the embed keeps answering.
  const count = (await messages(page)).length;
  await send(page, { type: 'getAutosave' }, base);
  await send(page, { type: 'seek', ms: 'soon' }, base);
  await page.evaluate(() =>
    (document.getElementById('night') as HTMLIFrameElement).contentWindow?.postMessage('x', '*'),
  );
  await send(page, { type: 'hello' }, base);
  await expect.poll(async () => (await messages(page)).length).toBeGreaterThan(count);
  expect((await messages(page)).slice(count).map((m) => m.data.type)).toEqual(['ready', 'verdict']);
  await shotAtTwoSizes(page, 'embed-in-host');
});

test('commands from an origin other than the one named are ignored', async ({ page, baseURL }) => {
  const base = baseURL as string;
  await openHost(page, base, `preset=${FLAGSHIP}&origin=${encodeURIComponent('https://elsewhere.example')}`);
  // The embed posts to the named origin only, so this page hears nothing...
  await page.waitForTimeout(1500);
  expect(await messages(page)).toEqual([]);
  // ...and its commands change nothing.
  const frame = page.frames().find((candidate) => candidate.url().includes('/embed.html')) as Frame;
  await expect(frame.getByRole('switch', { name: 'Fencing' })).toHaveAttribute('aria-checked', 'false');
  await send(page, { type: 'setFencing', on: true }, base);
  await page.waitForTimeout(500);
  await expect(frame.getByRole('switch', { name: 'Fencing' })).toHaveAttribute('aria-checked', 'false');
});

for (const [width, height] of [
  [480, 360],
  [800, 580],
  [1280, 720],
] as const) {
  test(`at ${width}x${height} the embed shows the whole night with no scrollbar`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto(`/embed.html#preset=${FLAGSHIP}`);
    const chart = page.locator('svg.timeline');
    await expect(chart).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
    const sizes = await page.evaluate(() => {
      const root = document.documentElement;
      const box = document.querySelector('svg.timeline')?.getBoundingClientRect();
      return {
        scrollWidth: root.scrollWidth,
        clientWidth: root.clientWidth,
        scrollHeight: root.scrollHeight,
        clientHeight: root.clientHeight,
        bodyScrollHeight: document.body.scrollHeight,
        box: box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null,
      };
    });
    expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
    expect(sizes.scrollHeight).toBeLessThanOrEqual(sizes.clientHeight);
    expect(sizes.bodyScrollHeight).toBeLessThanOrEqual(height);
    // The chart, lanes and axis, inside the frame.
    expect(sizes.box?.left).toBeGreaterThanOrEqual(0);
    expect(sizes.box?.right).toBeLessThanOrEqual(width);
    expect(sizes.box?.bottom).toBeLessThanOrEqual(height);
    // The whole night: the Storage lane is drawn, and the axis runs from the window's start.
    await expect(page.locator('[data-lane-id="storage"]').first()).toBeAttached();
    await page.screenshot({ path: `test-results/shots/embed-${width}x${height}.png` });
  });
}

test('embed.html may be framed by any page; the app refuses to be framed', async ({ page, request, baseURL }) => {
  const embed = await request.get('/embed.html');
  expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(embed.headers()['content-security-policy']).toContain("script-src 'self'");
  const app = await request.get('/');
  expect(app.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  const base = baseURL as string;
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(`${base}/`)}`);
  await page.waitForTimeout(1500);
  const appFrame = page.frames().find((frame) => frame !== page.mainFrame());
  // Chromium replaces a refused frame's document: the app's chart never appears in it.
  expect(await appFrame?.locator('svg.timeline').count()).toBe(0);
});

test('axe finds nothing in the embed, light and dark, and a broken link names its problem', async ({ page }) => {
  for (const theme of ['light', 'dark']) {
    await page.goto(`/embed.html#preset=${FLAGSHIP}&theme=${theme}&interactive=1`);
    await expect(page.locator('svg.timeline')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
  }
  await page.goto('/embed.html#s=1.@@@');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(/cannot show its night.*damaged/i);
  await page.goto('/embed.html#preset=no-such-night');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('no-such-night');
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
});

test('in view mode each event is reachable and named but says it is read-only, and the keys move nothing', async ({
  page,
}) => {
  await page.goto(`/embed.html#preset=${FLAGSHIP}`);
  const handles = page.locator('svg.timeline g.tl-handle');
  await expect(handles.first()).toBeVisible();
  const count = await handles.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.locator('svg.timeline g.tl-handle[aria-readonly="true"]')).toHaveCount(count);
  const pause = page.getByRole('slider').first();
  const before = await pause.getAttribute('aria-valuenow');
  await pause.focus();
  await page.keyboard.press('ArrowRight');
  await expect(pause).toHaveAttribute('aria-valuenow', before ?? '');
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  // Dragging allowed: the handles are sliders that move.
  await page.goto(`/embed.html#preset=${FLAGSHIP}&interactive=1`);
  await page.reload();
  await expect(handles.first()).toBeVisible();
  await expect(page.locator('svg.timeline g.tl-handle[aria-readonly]')).toHaveCount(0);
});

test('an Arabic embed reads right to left', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 580 });
  await page.goto(`/embed.html#preset=${FLAGSHIP}&lang=ar`);
  await expect(page.locator('svg.timeline')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('link', { name: /افتح في Leaseline/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/embed-ar-800x580.png' });
});

test('the embed never writes the night to storage, even when dragged', async ({ page }) => {
  await page.goto(`/embed.html#preset=${FLAGSHIP}&interactive=1`);
  await expect(page.locator('svg.timeline')).toBeVisible();
  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Safe/ })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  const open = page.getByRole('link', { name: /Open in Leaseline/ });
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(open).toHaveAttribute('rel', 'noopener');
  await expect(open).toHaveAttribute('href', /\/#s=1\./);
});

test('the Export menu embeds the night: by keyboard, Copy, and a preview showing it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
  const exportButton = page.getByRole('button', { name: /^Export/ });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('button', { name: 'Embed in a page…' });
  await item.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Embed this night in a page' });
  await expect(dialog).toBeVisible();
  const snippet = dialog.getByRole('textbox', { name: 'HTML to paste into the page' });
  await expect(snippet).toHaveValue(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html#preset=s07-fencing-off" /);
  await expect(snippet).toHaveValue(/loading="lazy" style="width:100%;height:580px;border:0"><\/iframe>$/);
  // Options by keyboard: Arabic, and the steps control off.
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  const steps = dialog.getByRole('checkbox', { name: 'Previous and next key moment' });
  await steps.focus();
  await page.keyboard.press('Space');
  await expect(snippet).toHaveValue(/#preset=s07-fencing-off&amp;lang=ar&amp;controls=fencing,play"/);
  // Copy, by mouse.
  await dialog.getByRole('button', { name: 'Copy HTML' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied: paste it into the lesson page.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.inputValue());
  // The preview is the embed itself, showing the night.
  const preview = page.frameLocator('iframe[title="Preview of the embedded night"]');
  await expect(preview.locator('svg.timeline')).toBeVisible();
  await expect(preview.locator('html')).toHaveAttribute('dir', 'rtl');
  await dialog.getByRole('combobox', { name: 'Language' }).selectOption('');
  await steps.check();
  await expect(preview.getByRole('status').filter({ hasText: /^Unsafe/ })).toBeVisible();
  await shotAtTwoSizes(page, 'embed-dialog');
  const results = await new AxeBuilder({ page }).withTags(WCAG).include('dialog').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
  // Escape closes it and gives focus back to the menu's button.
  await dialog.getByRole('button', { name: 'Copy HTML' }).focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(exportButton).toBeFocused();
  await context.close();
});
