import Elk from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import { replicaMachine } from '../../../machines/replicaMachine';
import { machineTransitions } from './chartGeometry';
import { geometryFromLayout, statechartGraph, statePairs } from './elkGraph';
import { layoutStatechart } from './statechartLayout';

type Point = readonly [number, number];

/** The straight pieces of an SVG polyline `M x y L x y ...`. */
function segments(path: string): [Point, Point][] {
  const points = [...path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m): Point => [Number(m[1]), Number(m[2])]);
  return points.slice(1).map((point, index): [Point, Point] => [points[index] as Point, point]);
}

/** True when two segments cross at a point inside both (touching at an end does not count). */
function cross([[x1, y1], [x2, y2]]: [Point, Point], [[x3, y3], [x4, y4]]: [Point, Point]): boolean {
  const d = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3);
  if (d === 0) return false;
  const t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / d;
  const u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / d;
  return t > 1e-6 && t < 1 - 1e-6 && u > 1e-6 && u < 1 - 1e-6;
}

describe('the statechart laid out by ELK', () => {
  it('joins every pair of states the machine moves between, once, with arrows where it goes', () => {
    const { targets } = machineTransitions();
    const pairs = statePairs();
    for (const [from, tos] of targets)
      for (const to of tos) {
        const pair = pairs.find((p) => (p.from === from && p.to === to) || (p.from === to && p.to === from));
        expect(pair, `${from} -> ${to}`).toBeDefined();
        // The arrowhead sits at the state the machine goes to.
        if (pair) expect(pair.from === from ? pair.forward : pair.backward, `${from} -> ${to}`).toBe(true);
      }
    expect(new Set(pairs.map((p) => [p.from, p.to].sort().join('|'))).size).toBe(pairs.length);
    // And nowhere else: an arrowhead is a transition of the machine.
    for (const pair of pairs) {
      expect(pair.forward, `${pair.from} -> ${pair.to}`).toBe(targets.get(pair.from)?.includes(pair.to) ?? false);
      expect(pair.backward, `${pair.to} -> ${pair.from}`).toBe(targets.get(pair.to)?.includes(pair.from) ?? false);
    }
  });

  it('has no crossing edges and no overlapping states on the computed layout', async () => {
    const geometry = geometryFromLayout(await new Elk().layout(statechartGraph()));
    expect(geometry.nodes.map((node) => node.id).sort()).toEqual(Object.keys(replicaMachine.root.states).sort());
    expect(geometry.edges).toHaveLength(statePairs().length);
    const crossings: string[] = [];
    geometry.edges.forEach((a, i) => {
      for (const b of geometry.edges.slice(i + 1))
        if (segments(a.path).some((sa) => segments(b.path).some((sb) => cross(sa, sb))))
          crossings.push(`${a.from}-${a.to} x ${b.from}-${b.to}`);
    });
    expect(crossings).toEqual([]);
    for (const [i, a] of geometry.nodes.entries())
      for (const b of geometry.nodes.slice(i + 1))
        expect(Math.abs(a.x - b.x) >= 104 || Math.abs(a.y - b.y) >= 32, `${a.id} and ${b.id}`).toBe(true);
    expect(geometry.widthPx).toBeGreaterThan(0);
    expect(geometry.heightPx).toBeGreaterThan(0);
  }, 120_000);

  it('is computed once, however often a statechart opens', async () => {
    const first = layoutStatechart();
    expect(layoutStatechart()).toBe(first);
    expect((await first).edges.length).toBe(statePairs().length);
  }, 120_000);
});
