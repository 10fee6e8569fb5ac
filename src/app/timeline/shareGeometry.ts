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
/** A mark with its join key (every mark of a layer drawn mark by mark has one). */
interface Keyed {
  readonly key: string;
}

const MARK_BY_MARK: ReadonlySet<string> = new Set<keyof TimelineGeometry>(['handles']);

/**
 * `next`, with each array field equal in value to `previous`'s replaced by `previous`'s, and
 * in a changed layer drawn mark by mark each element equal to `previous`'s of its key replaced
 * by it.
 */
export function shareGeometry(previous: TimelineGeometry | null, next: TimelineGeometry): TimelineGeometry {
  if (previous === null) return next;
  const shared: Record<string, unknown> = { ...next };
  for (const [key, value] of Object.entries(next)) {
    const before = (previous as unknown as Record<string, unknown>)[key];
    if (!Array.isArray(value) || before === value) continue;
    if (MARK_BY_MARK.has(key) && Array.isArray(before)) shared[key] = shareElements(before, value as Keyed[]);
    else if (sameData(before, value)) shared[key] = before;
  }
  return shared as unknown as TimelineGeometry;
}

/**
 * `before` when `after` equals it; else `after` with each element equal to `before`'s of the
 * same key (a handle's event index) taken from `before`. By key, not by place: a drag that
 * makes a write happen or not adds or takes away its slow-write handle, and every handle after
 * it moves one place, the same as before.
 */
function shareElements(before: readonly Keyed[], after: readonly Keyed[]): readonly Keyed[] {
  let byKey: Map<string, Keyed> | null = null;
  let result: Keyed[] | null = null;
  let allShared = before.length === after.length;
  for (let index = 0; index < after.length; index++) {
    const element = after[index] as Keyed;
    let was = before[index];
    if (was?.key !== element.key) {
      byKey ??= new Map(before.map((mark) => [mark.key, mark]));
      was = byKey.get(element.key);
      allShared = false;
    }
    if (was !== undefined && sameData(was, element)) {
      if (was !== element) {
        result ??= after.slice();
        result[index] = was;
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
