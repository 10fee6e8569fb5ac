/**
 * Many bands as few elements: every band of one lane and one kind (A's `computing`, B's
 * `paused`...) goes into a single `<path>`, keyed by lane and kind. A 9-replica night has
 * thousands of bands but only dozens of such groups, and the browser's restyling cost follows
 * the number of elements. Bands are not interactive; their words are in the geometry for the
 * app's text table.
 */

import { attrs, rectPath } from './drawAttrs';
import type { Group } from './drawLayers';
import type { Band } from './geometry';

export interface BandGroup {
  readonly key: string;
  readonly className: string;
  readonly d: string;
  readonly fill: string | null;
}

/** Pure: bands grouped by `groupOf` (which also names the group's class) into path data. */
export function groupBands<B extends Band>(
  bands: readonly B[],
  groupOf: (band: B) => { readonly key: string; readonly className: string; readonly fill?: string },
): BandGroup[] {
  const groups = new Map<string, { className: string; fill: string | null; parts: string[] }>();
  for (const band of bands) {
    const { key, className, fill } = groupOf(band);
    let group = groups.get(key);
    if (!group) {
      group = { className, fill: fill ?? null, parts: [] };
      groups.set(key, group);
    }
    group.parts.push(rectPath(band.x, band.y, band.width, band.height));
  }
  return [...groups].map(([key, group]) => ({
    key,
    className: group.className,
    fill: group.fill,
    d: group.parts.join(''),
  }));
}

/** Joins band groups to `<path>` elements in `layer`. */
export function drawBandGroups(layer: Group, groups: readonly BandGroup[]): void {
  attrs(
    layer
      .selectAll<SVGPathElement, BandGroup>('path')
      .data(groups, (group) => group.key)
      .join('path'),
    { class: (group) => group.className, fill: (group) => group.fill, d: (group) => group.d },
  );
}
