/**
 * Writing to the SVG only what changed. A browser restyles an element on every attribute write,
 * even of the same value, and a drag tick redraws the whole night: on a 9-replica night that
 * restyling alone cost more than a frame. So each write compares first, and numbers are rounded
 * to 0.01 px so that the same geometry always gives the same text.
 */
import type { Selection } from 'd3';

/** Sets `name` on `element` unless it already has exactly that value. */
export function setAttr(element: Element, name: string, value: string | number | null): void {
  if (value === null) {
    if (element.hasAttribute(name)) element.removeAttribute(name);
    return;
  }
  const text = typeof value === 'number' ? num(value) : value;
  if (element.getAttribute(name) !== text) element.setAttribute(name, text);
}

/** A number as attribute text, to 0.01 px. */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

type Value<D> = (datum: D) => string | number | null;

/** Like d3's `.attr()` for several attributes at once, writing only the ones that changed. */
export function attrs<E extends Element, D, P extends Element | null, PD>(
  selection: Selection<E, D, P, PD>,
  values: Readonly<Record<string, Value<D>>>,
): Selection<E, D, P, PD> {
  const entries = Object.entries(values);
  return selection.each(function write(datum) {
    for (const [name, value] of entries) setAttr(this, name, value(datum));
  });
}

/** Like d3's `.text()`, but leaves the node alone when its text is already right. */
export function textIfChanged<E extends Element, D, P extends Element | null, PD>(
  selection: Selection<E, D, P, PD>,
  value: (datum: D) => string,
): Selection<E, D, P, PD> {
  selection
    .filter(function changed(datum) {
      return this.textContent !== value(datum);
    })
    .text(value);
  return selection;
}

/** Path data for a rectangle, for merging many bands into one `<path>`. */
export function rectPath(x: number, y: number, width: number, height: number): string {
  return `M${num(x)},${num(y)}h${num(width)}v${num(height)}h${num(-width)}Z`;
}
