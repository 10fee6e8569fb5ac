/**
 * The embed's forced palettes (embedTheme.css) copy the app's: a value changed in the app's
 * stylesheets and not there would give the embed other colours than the page it opens. Every
 * custom property embedTheme.css forces must equal the app's own, light for `theme-light`,
 * and the `prefers-color-scheme: dark` one for `theme-dark`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = join(import.meta.dirname, '..', 'src', 'app');
const read = (file: string) => readFileSync(join(APP, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The text of each `@media (prefers-color-scheme: dark) { ... }` block, and the rest. */
function splitDark(css: string): { light: string; dark: string } {
  let light = '';
  let dark = '';
  let rest = css;
  for (;;) {
    const start = rest.search(/@media \(prefers-color-scheme: dark\)\s*\{/);
    if (start < 0) break;
    light += rest.slice(0, start);
    let depth = 0;
    let end = rest.indexOf('{', start);
    for (; end < rest.length; end++) {
      if (rest[end] === '{') depth += 1;
      else if (rest[end] === '}' && --depth === 0) break;
    }
    dark += rest.slice(start, end + 1);
    rest = rest.slice(end + 1);
  }
  return { light: light + rest, dark };
}

function properties(css: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;{}]+);/g)) {
    const name = match[1] as string;
    const values = found.get(name) ?? new Set<string>();
    values.add((match[2] as string).trim());
    found.set(name, values);
  }
  return found;
}

const appFiles = ['styles.css', 'panels/styles/base.css', '../timeline/timeline.css'].map((file) =>
  splitDark(read(file)),
);
const app = {
  light: properties(appFiles.map((file) => file.light).join('\n')),
  dark: properties(appFiles.map((file) => file.dark).join('\n')),
};
const embed = read('embed/embedTheme.css');
const forced = (theme: 'light' | 'dark') =>
  properties(
    [...embed.matchAll(new RegExp(`:root\\.theme-${theme}[^{]*\\{([^}]*)\\}`, 'g'))].map((m) => m[1]).join('\n'),
  );

describe("the embed's forced palettes", () => {
  it.each(['light', 'dark'] as const)('theme-%s forces the values the app uses', (theme) => {
    const embedded = forced(theme);
    expect(embedded.size).toBeGreaterThan(10);
    for (const [name, values] of embedded) {
      const [value] = [...values];
      expect({ name, value, inApp: app[theme].get(name)?.has(value as string) ?? false }).toEqual({
        name,
        value,
        inApp: true,
      });
    }
  });
});
