/** One step into a JSON document: an object key or a list index. */
export type PathSegment = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Writes a path as people read it in a file: `replicas[1].trigger.every`; odd keys in
 * brackets (`["my key"]`); the whole document is `$`. Pure.
 */
export function formatJsonPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text === '' ? '$' : text;
}

/**
 * Where a path falls when the document is read top to bottom, as a list of positions to
 * compare: list indices, and for object keys their position among the object's own keys.
 * A key the document lacks (a missing required field) sorts before the keys it has. Pure.
 */
export function documentPosition(document: unknown, path: readonly PathSegment[]): number[] {
  const position: number[] = [];
  let node = document;
  for (const segment of path) {
    if (typeof segment === 'number') position.push(segment);
    else if (typeof node === 'object' && node !== null) position.push(Object.keys(node).indexOf(segment));
    else position.push(-1);
    node = typeof node === 'object' && node !== null ? (node as Record<PathSegment, unknown>)[segment] : undefined;
  }
  return position;
}

/** Orders two positions from `documentPosition`; a parent comes before its children. Pure. */
export function comparePositions(a: readonly number[], b: readonly number[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}
