/**
 * Keeps the unchanged parts of a new chart geometry identical to the previous one's, so
 * `drawTimeline` leaves their layers alone (timeline/layerInputs.ts). A drag of a big night
 * shows a new night every few frames, and most of its marks (every lane away from the dragged
 * event) come out equal: comparing plain data costs far less than re-joining thousands of SVG
 * elements and checking their attributes. Pure.
 */
import type { TimelineGeometry } from '../../timeline/geometry';

/** `next`, with each array field equal in value to `previous`'s replaced by `previous`'s. */
export function shareGeometry(previous: TimelineGeometry | null, next: TimelineGeometry): TimelineGeometry {
  if (previous === null) return next;
  const shared: Record<string, unknown> = { ...next };
  for (const [key, value] of Object.entries(next)) {
    const before = (previous as unknown as Record<string, unknown>)[key];
    if (Array.isArray(value) && before !== value && sameData(before, value)) shared[key] = before;
  }
  return shared as unknown as TimelineGeometry;
}

/** Deep equality of plain data (arrays, objects, primitives): what a geometry is made of. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    // NaN is a number like any other to a drawing: equal to itself.
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!sameData(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Map || a instanceof Set) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    if (!sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
