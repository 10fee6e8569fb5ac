/**
 * What each layer of a chart was last drawn from. A layer whose inputs are the very same
 * objects as last time is left alone: a caller that keeps the unchanged parts of a new
 * geometry identical to the previous one (the app does during a drag of a big night, where a
 * re-run moves a few marks among thousands) saves the joins and the attribute checks of every
 * untouched layer. A geometry fresh from `layoutTimeline` shares nothing, so every layer of it
 * is drawn.
 */
import type { Group } from './drawLayers';

const drawnFrom = new WeakMap<Element, readonly unknown[]>();

/** True, remembering `inputs`, unless they are one for one the objects `layer` was last drawn from. */
export function layerInputsChanged(layer: Group, ...inputs: unknown[]): boolean {
  const node = layer.node();
  if (!node) return true;
  const last = drawnFrom.get(node);
  if (last !== undefined && last.length === inputs.length && last.every((input, index) => input === inputs[index]))
    return false;
  drawnFrom.set(node, inputs);
  return true;
}
