/**
 * Turning an arbitrary JavaScript value into plain JSON data before validation: the app hands
 * over objects it built, and a scenario must survive save and reload byte for byte.
 */
import type { PathSegment } from './jsonPath';
import type { ScenarioIssue } from './scenarioError';

/** Deeper nesting is refused: no scenario needs it, and recursion stays far from the stack limit. */
export const JSON_DEPTH_MAX = 64;
/** Bounds the walk over values that did not come from the 1 MiB text cap (app objects). */
export const JSON_NODES_MAX = 200_000;

export type JsonCopy =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issue: ScenarioIssue };

/**
 * A deep copy of `value` as plain JSON data (objects, lists, strings, finite numbers,
 * booleans, null), or the first place where it is not. Object properties that are
 * `undefined` are dropped, as `JSON.stringify` drops them. Pure.
 */
export function copyJsonValue(value: unknown): JsonCopy {
  let nodes = 0;
  const copy = (node: unknown, path: PathSegment[]): unknown => {
    nodes += 1;
    if (nodes > JSON_NODES_MAX)
      throw new JsonShapeError(path, `more than ${JSON_NODES_MAX} values; a scenario is far smaller`);
    if (path.length > JSON_DEPTH_MAX) throw new JsonShapeError(path, `nested more than ${JSON_DEPTH_MAX} levels deep`);
    if (node === null || typeof node === 'string' || typeof node === 'boolean') return node;
    if (typeof node === 'number') {
      if (Number.isFinite(node)) return node;
      throw new JsonShapeError(path, `${node} is not a number JSON can store`);
    }
    if (Array.isArray(node)) return node.map((element, index) => copy(element, [...path, index]));
    if (isPlainObject(node)) {
      const out: Record<string, unknown> = {};
      for (const [key, element] of Object.entries(node)) {
        if (element === undefined) continue;
        // defineProperty, not assignment: a "__proto__" key must stay data, not become a prototype.
        Object.defineProperty(out, key, {
          value: copy(element, [...path, key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    throw new JsonShapeError(path, `${kindOf(node)} is not JSON data`);
  };
  try {
    return { ok: true, value: copy(value, []) };
  } catch (error) {
    if (error instanceof JsonShapeError) return { ok: false, issue: { path: error.path, message: error.message } };
    throw error;
  }
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'object') return 'an object that is not plain data (a Date, Map or class instance?)';
  return `a ${typeof value}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

// Thrown only inside copyJsonValue to unwind the recursion; never escapes it.
class JsonShapeError extends Error {
  readonly path: PathSegment[];
  constructor(path: PathSegment[], message: string) {
    super(message);
    this.path = path;
  }
}
