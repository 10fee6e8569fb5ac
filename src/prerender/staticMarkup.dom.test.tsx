import { describe, expect, it } from 'vitest';
import { freezeFormState, prefixIds } from './staticMarkup';

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('the prerendered markup stands beside the live page', () => {
  it('prefixes every id and every reference to one, and leaves other values alone', () => {
    const root = page(
      '<label for="name">Name</label><input id="name" aria-describedby="hint other">' +
        '<p id="hint">A hint</p><a href="#hint">jump</a><a href="https://x.test/#hint">away</a>' +
        '<svg><defs><marker id="tl1-arrow"></marker></defs><path marker-end="url(#tl1-arrow)"></path></svg>',
    );
    prefixIds(root, 'fs-');
    expect(root.querySelector('label')?.getAttribute('for')).toBe('fs-name');
    expect(root.querySelector('input')?.id).toBe('fs-name');
    // An id that is not in the page stays as written.
    expect(root.querySelector('input')?.getAttribute('aria-describedby')).toBe('fs-hint other');
    expect(root.querySelector('p')?.id).toBe('fs-hint');
    expect(root.querySelectorAll('a')[0]?.getAttribute('href')).toBe('#fs-hint');
    expect(root.querySelectorAll('a')[1]?.getAttribute('href')).toBe('https://x.test/#hint');
    expect(root.querySelector('marker')?.id).toBe('fs-tl1-arrow');
    expect(root.querySelector('path')?.getAttribute('marker-end')).toBe('url(#fs-tl1-arrow)');
  });

  it('writes what React set as properties into attributes', () => {
    const root = page(
      '<input type="checkbox" checked><input type="checkbox"><input type="range" value="1">' +
        '<select><option value="a">a</option><option value="b">b</option></select>',
    );
    const [first, second, range] = root.querySelectorAll('input');
    if (!first || !second || !range) throw new Error('inputs missing');
    first.checked = false;
    second.checked = true;
    range.value = '0';
    const select = root.querySelector('select');
    if (!select) throw new Error('select missing');
    select.value = 'b';
    freezeFormState(root);
    const frozen = page(root.innerHTML);
    const [a, b, c] = frozen.querySelectorAll('input');
    expect(a?.checked).toBe(false);
    expect(b?.checked).toBe(true);
    expect(c?.getAttribute('value')).toBe('0');
    expect(frozen.querySelector('select')?.value).toBe('b');
  });
});
