import { describe, expect, it } from 'vitest';
import { replicaMachine } from '../../../machines/replicaMachine';
import { CHART_HEIGHT, CHART_WIDTH, chartGeometry, machineTransitions, NODE_SIZE } from './chartGeometry';

describe('statechart geometry', () => {
  const geometry = chartGeometry();

  it('draws every state of the machine, and no other', () => {
    expect(geometry.nodes.map((node) => node.id).sort()).toEqual(Object.keys(replicaMachine.root.states).sort());
  });

  it('places every state by hand, inside the picture', () => {
    for (const node of geometry.nodes) {
      expect(node.x - NODE_SIZE.halfWidth).toBeGreaterThanOrEqual(0);
      expect(node.x + NODE_SIZE.halfWidth).toBeLessThanOrEqual(CHART_WIDTH);
      expect(node.y + NODE_SIZE.halfHeight).toBeLessThanOrEqual(CHART_HEIGHT);
    }
  });

  it('keeps boxes apart', () => {
    const { nodes } = geometry;
    for (const [i, a] of nodes.entries()) {
      for (const b of nodes.slice(i + 1)) {
        const apart =
          Math.abs(a.x - b.x) >= 2 * NODE_SIZE.halfWidth + 8 || Math.abs(a.y - b.y) >= 2 * NODE_SIZE.halfHeight + 8;
        expect(apart, `${a.id} and ${b.id} overlap`).toBe(true);
      }
    }
  });

  it("draws one arrow per distinct transition target, read from the machine's definition", () => {
    const { targets } = machineTransitions();
    expect(targets.get('idle')).toEqual(['dueCheck', 'acquiring', 'routing']);
    expect(targets.get('writing')).toEqual(['aborting', 'computing', 'markingDone']);
    const arrows = geometry.edges.map((edge) => `${edge.from}>${edge.to}`);
    const expected = [...targets].flatMap(([from, tos]) => tos.map((to) => `${from}>${to}`));
    expect(arrows).toEqual(expected);
    expect(new Set(arrows).size).toBe(arrows.length);
  });

  it('marks the states that only route onwards as transient', () => {
    const transient = geometry.nodes.filter((node) => node.transient).map((node) => node.id);
    expect(transient.sort()).toEqual(['aborting', 'routing']);
  });
});
