/**
 * Keeps the unchanged parts of a new chart geometry identical to the previous one's, so
 * `drawTimeline` leaves their layers alone (timeline/layerInputs.ts). A drag of a big night
 * shows a new night every few frames, and most of its marks (every lane away from the dragged
 * event) come out equal: comparing plain data costs far less than re-joining thousands of SVG
 * elements and checking their attributes. Inside the handles layer, when it did change, the
 * handles that did not (199 of 200 while one is dragged) keep their previous objects too, so
 * drawHandles.ts leaves those alone. Pure.
 */
import type { TimelineGeometry } from '../../timeline/geometry';

/**
 * The layers drawn mark by mark, which leave a mark alone when its object is the one drawn
 * last. Only these are compared element by element: a whole-array comparison stops at the
 * first difference, an element-wise one reads every mark.
 */
const MARK_BY_MARK: ReadonlySet<string> = new Set<keyof TimelineGeometry>(['handles']);

/**
 * `next`, with each array field equal in value to `previous`'s replaced by `previous`'s, and
 * in a changed layer drawn mark by mark each element equal to `previous`'s at its index
 * replaced by it.
 */
export function shareGeometry(previous: TimelineGeometry | null, next: TimelineGeometry): TimelineGeometry {
  if (previous === null) return next;
  const shared: Record<string, unknown> = { ...next };
  for (const [key, value] of Object.entries(next)) {
    const before = (previous as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(value) || before === value) continue;
    if (MARK_BY_MARK.has(key) && Array.isArray(before)) shared[key] = shareElements(before, value);
    else if (sameData(before, value)) shared[key] = before;
  }
  return shared as unknown as TimelineGeometry;
}

/** `before` when `after` equals it; else `after` with each element equal to `before`'s at its index taken from `before`. */
function shareElements(before: readonly unknown[], after: readonly unknown[]): readonly unknown[] {
  let result: unknown[] | null = null;
  let allShared = before.length === after.length;
  for (let index = 0; index < after.length; index++) {
    const element = after[index];
    if (index < before.length && sameData(before[index], element)) {
      if (before[index] !== element) {
        result ??= after.slice();
        result[index] = before[index];
      }
    } else allShared = false;
  }
  if (allShared) return before;
  return result ?? after;
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
