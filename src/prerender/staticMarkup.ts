/**
 * Makes a rendered page into markup that stands on its own beside the live one: every id gets
 * a prefix (and every reference to one follows), so the app's own ids, rendered under it while
 * it takes over, are never found in it first (`getElementById`, `aria-labelledby`, the chart's
 * `url(#...)`); and what React sets as a property only (a checkbox's `checked`, the chosen
 * option of a select) is written as an attribute, so the page without script shows it too.
 * Works on any DOM (happy-dom at build time); changes the tree in place.
 */
const ID_LIST_ATTRIBUTES = ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'list'];

/** Prefixes every id under `root` with `prefix`, and every id reference with it. */
export function prefixIds(root: Element, prefix: string): void {
  const ids = new Set<string>();
  for (const element of root.querySelectorAll('[id]')) ids.add(element.id);
  const renamed = (id: string) => (ids.has(id) ? `${prefix}${id}` : id);
  for (const element of [root, ...root.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      const { name, value } = attribute;
      let next = value;
      if (name === 'id') next = renamed(value);
      else if (ID_LIST_ATTRIBUTES.includes(name) || name === 'aria-activedescendant')
        next = value.split(/\s+/).map(renamed).join(' ');
      else if ((name === 'href' || name === 'xlink:href') && value.startsWith('#'))
        next = `#${renamed(value.slice(1))}`;
      else if (value.includes('url(#'))
        next = value.replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${renamed(id)})`);
      if (next !== value) element.setAttribute(name, next);
    }
  }
}

/** Writes the live state of form controls under `root` into their attributes. */
export function freezeFormState(root: Element): void {
  for (const input of root.querySelectorAll('input')) {
    if (input.type === 'checkbox' || input.type === 'radio') input.toggleAttribute('checked', input.checked);
    else if (input.type !== 'file') input.setAttribute('value', input.value);
  }
  for (const option of root.querySelectorAll('option')) option.toggleAttribute('selected', option.selected);
  for (const area of root.querySelectorAll('textarea')) area.textContent = area.value;
}
