import { describe, expect, it } from 'vitest';
import type { Viewport } from './viewport';
import { viewportForKey } from './viewportKeys';

const H = 3_600_000;
const home: Viewport = { fromMs: 2 * H, toMs: 2 * H + 12 * 60_000, widthPx: 1200 };
const key = (k: string, shiftKey = false, extra: object = {}) => ({ key: k, shiftKey, ...extra });

describe('viewportForKey', () => {
  it('zooms in and out around the centre, or around an anchor', () => {
    expect(viewportForKey(home, key('+'), home)).toEqual({
      fromMs: 2 * H + 3 * 60_000,
      toMs: 2 * H + 9 * 60_000,
      widthPx: 1200,
    });
    expect(viewportForKey(home, key('='), home)).toEqual(viewportForKey(home, key('+'), home));
    const out = viewportForKey(home, key('-'), home);
    expect(out && out.toMs - out.fromMs).toBe(24 * 60_000);
    const anchored = viewportForKey(home, key('+'), home, 2 * H);
    expect(anchored?.fromMs).toBe(2 * H);
  });

  it('goes home with 0, keeping the current width', () => {
    const zoomed = { fromMs: 2 * H, toMs: 2 * H + 1000, widthPx: 600 };
    expect(viewportForKey(zoomed, key('0'), home)).toEqual({ ...home, widthPx: 600 });
  });

  it('pans with Shift+arrows (a tenth) and Shift+Page keys (a view)', () => {
    expect(viewportForKey(home, key('ArrowRight', true), home)?.fromMs).toBe(2 * H + 72_000);
    expect(viewportForKey(home, key('ArrowLeft', true), home)?.fromMs).toBe(2 * H - 72_000);
    expect(viewportForKey(home, key('PageDown', true), home)?.fromMs).toBe(2 * H + 12 * 60_000);
    expect(viewportForKey(home, key('ArrowRight'), home)).toBeNull();
  });

  it('leaves Ctrl/Cmd combinations and other keys to the browser', () => {
    expect(viewportForKey(home, key('+', false, { ctrlKey: true }), home)).toBeNull();
    expect(viewportForKey(home, key('0', false, { metaKey: true }), home)).toBeNull();
    expect(viewportForKey(home, key('a'), home)).toBeNull();
  });
});
