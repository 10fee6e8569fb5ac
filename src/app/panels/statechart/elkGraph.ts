/**
 * The replica machine as a graph for ELK's layered layout, and the laid-out graph turned back
 * into the chart's geometry. Each pair of states is one edge (arrowheads at whichever ends the
 * machine goes to), pointed along the machine's definition order, the way its run reads; with
 * that and a fixed seed the layout has no crossing edges (statechartLayout.test.ts checks the
 * computed layout). Pure: the layout itself runs in statechartLayout.ts.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { replicaMachine } from '../../../machines/replicaMachine';
import type { ChartEdge, ChartGeometry, ChartNode } from './chartGeometry';
import { machineTransitions } from './chartGeometry';

export const ELK_NODE_WIDTH_PX = 104;
export const ELK_NODE_HEIGHT_PX = 32;
/** Room around the drawing for the current state's pointer and the arrowheads. */
const MARGIN_PX = 20;

/** Top to bottom, so the chart fits a panel's width; the seed is pinned by the crossing test. */
export const ELK_LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.randomSeed': '1',
  'elk.layered.crossingMinimization.greedySwitch.type': 'TWO_SIDED',
  'elk.spacing.nodeNode': '18',
  'elk.layered.spacing.nodeNodeBetweenLayers': '28',
  'elk.padding': `[top=${MARGIN_PX},left=${MARGIN_PX},bottom=${MARGIN_PX},right=${MARGIN_PX}]`,
};

/** One line between two states: which way it points in the graph, and where the arrows go. */
export interface StatePair {
  readonly from: string;
  readonly to: string;
  /** The machine goes from `from` to `to` (an arrowhead at `to`). */
  readonly forward: boolean;
  /** The machine goes from `to` back to `from` (an arrowhead at `from`). */
  readonly backward: boolean;
}

/** Pure: every pair of states the machine moves between, pointed along the definition order. */
export function statePairs(): StatePair[] {
  const { states, targets } = machineTransitions();
  const order = new Map(states.map((state, index) => [state, index]));
  const goes = (from: string, to: string) => targets.get(from)?.includes(to) ?? false;
  const pairs = new Map<string, StatePair>();
  for (const [from, tos] of targets) {
    for (const to of tos) {
      const [first, second] = (order.get(from) ?? 0) <= (order.get(to) ?? 0) ? [from, to] : [to, from];
      const key = `${first}|${second}`;
      if (!pairs.has(key))
        pairs.set(key, { from: first, to: second, forward: goes(first, second), backward: goes(second, first) });
    }
  }
  return [...pairs.values()];
}

/** Pure: the ELK input graph of the replica machine. */
export function statechartGraph(): ElkNode {
  const { states } = machineTransitions();
  return {
    id: 'replica',
    layoutOptions: { ...ELK_LAYOUT_OPTIONS },
    children: states.map((id) => ({ id, width: ELK_NODE_WIDTH_PX, height: ELK_NODE_HEIGHT_PX })),
    edges: statePairs().map((pair) => ({ id: `${pair.from}>${pair.to}`, sources: [pair.from], targets: [pair.to] })),
  };
}

/** Pure: the laid-out graph as the chart's geometry (node centres, edge paths, its size). */
export function geometryFromLayout(laid: ElkNode): ChartGeometry {
  const nodes = (laid.children ?? []).map(
    (node): ChartNode => ({
      id: node.id,
      x: (node.x ?? 0) + (node.width ?? 0) / 2,
      y: (node.y ?? 0) + (node.height ?? 0) / 2,
      transient: (replicaMachine.root.states[node.id]?.always?.length ?? 0) > 0,
    }),
  );
  const pairs = new Map(statePairs().map((pair) => [`${pair.from}>${pair.to}`, pair]));
  const edges = (laid.edges ?? []).map((edge: ElkExtendedEdge): ChartEdge => {
    const [from = '', to = ''] = [edge.sources[0], edge.targets[0]];
    const pair = pairs.get(`${from}>${to}`);
    return { from, to, path: pathOf(edge), arrowAtEnd: pair?.forward ?? true, arrowAtStart: pair?.backward ?? false };
  });
  return { nodes, edges, widthPx: laid.width ?? 0, heightPx: laid.height ?? 0 };
}

/** The polyline of an edge's sections as SVG path data. */
function pathOf(edge: ElkExtendedEdge): string {
  let d = '';
  for (const section of edge.sections ?? []) {
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
    points.forEach((point, index) => {
      d += `${index === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`;
    });
  }
  return d;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
