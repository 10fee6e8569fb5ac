/**
 * The replica machine as a diagram, computed before anything is drawn (docs/style.md rule 4):
 * states and transitions are read from the machine definition itself, positions are placed by
 * hand after docs/model.md §4's chart (the run goes left to right along the top, computing and
 * writing loop on the right, the way back runs along the bottom), and each arrow is a
 * quadratic curve clipped to the boxes it joins. Pure.
 */
import { replicaMachine } from '../../../machines/replicaMachine';

export const CHART_WIDTH = 900;
export const CHART_HEIGHT = 340;
const BOX_HALF_WIDTH = 54;
const BOX_HALF_HEIGHT = 17;
/** Transient states (`always` only: routing, aborting) are drawn as small circles. */
const DOT_RADIUS = 10;
/** Two arrows between the same pair bow apart by this much. */
const PAIR_BEND = 16;

interface Placement {
  readonly x: number;
  readonly y: number;
}

const PLACED: Readonly<Record<string, Placement>> = {
  idle: { x: 70, y: 180 },
  dueCheck: { x: 190, y: 50 },
  acquiring: { x: 330, y: 50 },
  fencing: { x: 470, y: 50 },
  loading: { x: 610, y: 50 },
  computing: { x: 750, y: 50 },
  routing: { x: 470, y: 150 },
  minting: { x: 610, y: 150 },
  checkingHolder: { x: 835, y: 140 },
  writing: { x: 750, y: 230 },
  aborting: { x: 330, y: 230 },
  markingDone: { x: 750, y: 310 },
  recording: { x: 560, y: 310 },
  releasing: { x: 250, y: 310 },
};

/** Arrows that would cross a box or a label if drawn straight get a bend (positive: left of travel). */
const BENDS: Readonly<Record<string, number>> = {
  'computing>aborting': -40,
  'recording>idle': 40,
  'checkingHolder>aborting': -20,
};

export interface ChartNode {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly transient: boolean;
}

export interface ChartEdge {
  readonly from: string;
  readonly to: string;
  /** SVG path data: `M x y Q cx cy x y`, or ELK's polyline `M x y L x y ...`. */
  readonly path: string;
  /**
   * ELK's layout draws one line per pair of states, pointed along the definition order: an
   * arrowhead where the machine goes (at the end unless `arrowAtEnd` is false, at the start
   * when `arrowAtStart`). The hand layout draws one arrow per transition, always at the end.
   */
  readonly arrowAtEnd?: boolean;
  readonly arrowAtStart?: boolean;
}

export interface ChartGeometry {
  readonly nodes: readonly ChartNode[];
  readonly edges: readonly ChartEdge[];
  /** The drawing's size; absent for the hand layout (CHART_WIDTH by `chartHeight()`). */
  readonly widthPx?: number;
  readonly heightPx?: number;
}

/** The machine's top-level states and where each goes, deduplicated, in definition order. */
export function machineTransitions(): { readonly states: readonly string[]; readonly targets: Map<string, string[]> } {
  const root = replicaMachine.root;
  const targets = new Map<string, string[]>();
  for (const [id, node] of Object.entries(root.states)) {
    const definitions = [...Object.values(node.on).flat(), ...(node.always ?? [])];
    const to = definitions.flatMap((definition) => (definition.target ?? []).map((target) => target.key));
    targets.set(
      id,
      [...new Set(to)].filter((target) => target !== id),
    );
  }
  return { states: Object.keys(root.states), targets };
}

/** Pure: nodes and arrows of the diagram. A state with no hand placement goes in a spare row. */
export function chartGeometry(): ChartGeometry {
  const { states, targets } = machineTransitions();
  let spare = 0;
  const nodes = states.map((id): ChartNode => {
    const placed = PLACED[id] ?? { x: 70 + 130 * spare++, y: CHART_HEIGHT + 40 };
    const transient = (replicaMachine.root.states[id]?.always?.length ?? 0) > 0;
    return { id, x: placed.x, y: placed.y, transient };
  });
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const edges: ChartEdge[] = [];
  for (const [from, tos] of targets) {
    for (const to of tos) {
      const start = byId.get(from);
      const end = byId.get(to);
      if (start === undefined || end === undefined) continue;
      const paired = targets.get(to)?.includes(from) ?? false;
      const bend = BENDS[`${from}>${to}`] ?? (paired ? PAIR_BEND : 0);
      edges.push({ from, to, path: curve(start, end, bend) });
    }
  }
  return { nodes, edges };
}

/** The chart's height, taller when unplaced states needed the spare row. */
export function chartHeight(geometry: ChartGeometry): number {
  return Math.max(CHART_HEIGHT, ...geometry.nodes.map((node) => node.y + 40));
}

function curve(start: ChartNode, end: ChartNode, bend: number): string {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const length = Math.hypot(dx, dy) || 1;
  // The control point sits off the midpoint, perpendicular to the line (left of travel).
  const cx = (start.x + end.x) / 2 + (dy / length) * bend;
  const cy = (start.y + end.y) / 2 - (dx / length) * bend;
  const [x1, y1] = boundary(start, cx, cy);
  const [x2, y2] = boundary(end, cx, cy);
  return `M${round(x1)} ${round(y1)} Q${round(cx)} ${round(cy)} ${round(x2)} ${round(y2)}`;
}

/** Where the ray from a node's centre towards (towardX, towardY) leaves its shape. */
function boundary(node: ChartNode, towardX: number, towardY: number): [number, number] {
  const dx = towardX - node.x;
  const dy = towardY - node.y;
  const length = Math.hypot(dx, dy) || 1;
  if (node.transient) return [node.x + (dx / length) * DOT_RADIUS, node.y + (dy / length) * DOT_RADIUS];
  const scale = Math.min(BOX_HALF_WIDTH / Math.abs(dx || 1e-9), BOX_HALF_HEIGHT / Math.abs(dy || 1e-9));
  return [node.x + dx * scale, node.y + dy * scale];
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

export const NODE_SIZE = { halfWidth: BOX_HALF_WIDTH, halfHeight: BOX_HALF_HEIGHT, dotRadius: DOT_RADIUS } as const;
