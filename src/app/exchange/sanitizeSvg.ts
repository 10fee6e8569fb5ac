/**
 * Makes a cloned SVG safe to hand to anyone: no scripts, no event handler attributes, no
 * foreignObject (HTML inside an image), no animation that could set attributes, and no
 * reference outside the file (only `#id` links and `url(#id)` paints survive). Mutates the
 * tree it is given, and nothing else; works on any DOM (the browser, happy-dom).
 *
 * The timeline draws user text only with `.text()`, so labels cannot become markup on the
 * way in; this is the second wall, for whatever else might end up in the drawing.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements dropped whole, with everything inside them. */
const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'style',
  'iframe',
  'object',
  'embed',
  'image',
  'feimage',
  'animate',
  'animatemotion',
  'animatetransform',
  'animatecolor',
  'set',
  'handler',
  'listener',
]);

/** Attributes that only mean something in the live page. */
const DROPPED_ATTRIBUTES = new Set(['tabindex', 'focusable', 'contenteditable', 'draggable']);

/** `url(#id)` with optional quotes: a reference inside this file. */
const INTERNAL_URL = /^url\(\s*(['"]?)#[^'"()\s]+\1\s*\)$/i;

/** Strips `root` and its descendants of anything active or external. Mutates `root`. */
export function sanitizeSvg(root: Element): void {
  // Collected first: removing while walking would skip siblings.
  const elements = [root, ...root.querySelectorAll('*')];
  for (const element of elements) {
    const name = element.localName.toLowerCase();
    if (element !== root && (DROPPED_ELEMENTS.has(name) || element.namespaceURI !== SVG_NS)) {
      element.remove();
      continue;
    }
    for (const attribute of [...element.attributes]) cleanAttribute(element, attribute);
  }
}

function cleanAttribute(element: Element, attribute: Attr): void {
  const name = attribute.name.toLowerCase();
  const value = attribute.value;
  const drop =
    name.startsWith('on') ||
    name.startsWith('data-') ||
    DROPPED_ATTRIBUTES.has(name) ||
    ((name === 'href' || name.endsWith(':href')) && !value.trim().startsWith('#')) ||
    (name !== 'style' && hasExternalReference(value));
  if (drop) {
    element.removeAttributeNode(attribute);
    return;
  }
  if (name === 'style') {
    const kept = safeDeclarations(value);
    if (kept === '') element.removeAttribute('style');
    else if (kept !== value) element.setAttribute('style', kept);
  }
}

/** The declarations of a `style` attribute without any that reach outside the file. Pure. */
export function safeDeclarations(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '' && !hasExternalReference(declaration))
    .join('; ');
}

/** Whether a value could load or run something: a non-internal url(), a script URL, @import. Pure. */
export function hasExternalReference(value: string): boolean {
  const lower = value.toLowerCase();
  if (/javascript:|vbscript:|data:|@import|expression\s*\(/.test(lower)) return true;
  const urls = value.match(/url\([^)]*\)/gi) ?? [];
  if (urls.some((url) => !INTERNAL_URL.test(url))) return true;
  // A url( with no closing parenthesis is not something to guess about.
  return lower.includes('url(') && urls.length === 0;
}
