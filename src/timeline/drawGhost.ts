/**
 * The ghost: the night as it was when a drag began, drawn faint under the live one, so cause
 * and effect show while the pointer moves. Only the marks that move (activity, process,
 * beliefs, leases, writes), each kind as one path; not focusable, not a drag target, hidden
 * from assistive tech. The ghost does not change during a drag, so it is redrawn only when it
 * (or its layer) does.
 */
import { num } from './drawAttrs';
import { type BandGroup, drawBandGroups, groupBands } from './drawBands';
import type { Group } from './drawLayers';
import type { Band, TimelineGeometry } from './geometry';

const drawn = new WeakMap<SVGGElement, TimelineGeometry | null>();
const WRITE_RADIUS_PX = 3.5;

export function drawGhost(layer: Group, ghost: TimelineGeometry | null): void {
  const node = layer.node();
  if (!node || (drawn.has(node) && drawn.get(node) === ghost)) return;
  drawn.set(node, ghost);
  const groups: BandGroup[] = [];
  if (ghost) {
    const parts: [string, readonly Band[]][] = [
      ['activity', ghost.activityBands],
      ['process', ghost.processBands],
      ['beliefs', ghost.beliefBars],
      ['leases', ghost.leaseBars],
    ];
    for (const [name, bands] of parts) {
      groups.push(...groupBands(bands, () => ({ key: name, className: `tl-ghost-band tl-ghost-band--${name}` })));
    }
    let writes = '';
    const r = WRITE_RADIUS_PX;
    for (const write of ghost.writes) {
      writes += `M${num(write.x - r)},${num(write.y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
    }
    if (writes !== '') groups.push({ key: 'writes', className: 'tl-ghost-write', d: writes, fill: null });
  }
  drawBandGroups(layer, groups);
}
