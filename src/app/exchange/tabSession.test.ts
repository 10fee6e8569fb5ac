import { describe, expect, it } from 'vitest';
import { addressDigest, rememberAddress, tabIdentity, wroteAddress } from './tabSession';

function fakeTab(navigation: 'navigate' | 'reload') {
  const items = new Map<string, string>();
  const sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage;
  const tab = {
    sessionStorage,
    performance: { getEntriesByType: () => [{ type: navigation }] } as unknown as Performance,
  };
  return { tab, reloadAs: (type: 'navigate' | 'reload') => ({ ...tab, performance: fakeTab(type).tab.performance }) };
}

describe('tab session', () => {
  it('keeps the tab id across a reload, and remembers the addresses the tab wrote', () => {
    const { tab, reloadAs } = fakeTab('navigate');
    expect(tabIdentity(tab, () => 'first')).toEqual({ tabId: 'first', reloaded: false });
    rememberAddress(tab, '#s=1.abc');
    const reloaded = reloadAs('reload');
    expect(tabIdentity(reloaded, () => 'second')).toEqual({ tabId: 'first', reloaded: true });
    expect(wroteAddress(reloaded, '#s=1.abc')).toBe(true);
    expect(wroteAddress(reloaded, '#s=1.abd')).toBe(false);
  });

  it('a new navigation in the tab (or a duplicated tab) is a new tab id with no addresses', () => {
    const { tab, reloadAs } = fakeTab('navigate');
    tabIdentity(tab, () => 'first');
    rememberAddress(tab, '#s=1.abc');
    const again = reloadAs('navigate');
    expect(tabIdentity(again, () => 'second')).toEqual({ tabId: 'second', reloaded: false });
    expect(wroteAddress(again, '#s=1.abc')).toBe(false);
  });

  it('keeps the last fifty addresses, as short digests', () => {
    const { tab } = fakeTab('navigate');
    tabIdentity(tab, () => 'first');
    for (let index = 0; index < 60; index++) rememberAddress(tab, `#s=1.${index}`);
    expect(wroteAddress(tab, '#s=1.59')).toBe(true);
    expect(wroteAddress(tab, '#s=1.9')).toBe(false);
    expect(addressDigest('#s=1.'.padEnd(10_000, 'x')).length).toBeLessThan(20);
  });
});
