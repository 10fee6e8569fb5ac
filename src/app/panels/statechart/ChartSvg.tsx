import { useId } from 'react';
import { CHART_WIDTH, type ChartGeometry, chartHeight, NODE_SIZE } from './chartGeometry';
import { ELK_NODE_HEIGHT_PX, ELK_NODE_WIDTH_PX } from './elkGraph';

const ELK_NODE_SIZE = { halfWidth: ELK_NODE_WIDTH_PX / 2, halfHeight: ELK_NODE_HEIGHT_PX / 2, dotRadius: 0 } as const;

interface ChartSvgProps {
  readonly geometry: ChartGeometry;
  /** The state to highlight; null highlights none (a crashed process has no state). */
  readonly current: string | null;
  readonly proc: 'up' | 'paused' | 'down';
  readonly nameOf: (state: string) => string;
  readonly title: string;
  /** The id of the visible sentence that names the current state (one text, read once). */
  readonly describedBy: string;
}

/**
 * Joins the computed geometry to SVG, nothing more. The current state is filled, outlined
 * thickly and pointed at by a marker; a paused process adds a pause badge on it, a crashed
 * one greys the chart and crosses it out, so no state rests on colour alone.
 */
export function ChartSvg({ geometry, current, proc, nameOf, title, describedBy }: ChartSvgProps) {
  const titleId = useId();
  const arrowId = useId();
  const width = geometry.widthPx ?? CHART_WIDTH;
  const height = geometry.heightPx ?? chartHeight(geometry);
  // ELK's layout (widthPx set) gives every state the same box, transient ones drawn as pills.
  const laidOut = geometry.widthPx !== undefined;
  const { halfWidth, halfHeight, dotRadius } = laidOut ? ELK_NODE_SIZE : NODE_SIZE;
  return (
    <svg
      className={`panels-chart panels-chart--${proc}`}
      viewBox={`0 0 ${width} ${height}`}
      style={laidOut ? { width: `min(100%, ${width}px)` } : undefined}
      data-layout={laidOut ? 'elk' : 'hand'}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
    >
      <title id={titleId}>{title}</title>
      <defs>
        <marker
          id={arrowId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 L10 5 L0 10 z" className="panels-chart-arrowhead" />
        </marker>
      </defs>
      <g className="panels-chart-edges">
        {geometry.edges.map((edge) => (
          <path
            key={`${edge.from}>${edge.to}`}
            d={edge.path}
            markerEnd={edge.arrowAtEnd === false ? undefined : `url(#${arrowId})`}
            markerStart={edge.arrowAtStart ? `url(#${arrowId})` : undefined}
          />
        ))}
      </g>
      {geometry.nodes.map((node) => {
        const isCurrent = node.id === current;
        const className = `panels-chart-node${isCurrent ? ' panels-chart-node--current' : ''}`;
        return (
          <g key={node.id} className={className} transform={`translate(${node.x} ${node.y})`}>
            {node.transient && !laidOut ? (
              <circle r={dotRadius} />
            ) : node.transient ? (
              <rect
                className="panels-chart-transient"
                x={-halfWidth}
                y={-halfHeight}
                width={2 * halfWidth}
                height={2 * halfHeight}
                rx={halfHeight}
              />
            ) : (
              <rect x={-halfWidth} y={-halfHeight} width={2 * halfWidth} height={2 * halfHeight} rx={8} />
            )}
            <text y={node.transient && !laidOut ? dotRadius + 13 : 5} textAnchor="middle">
              {nameOf(node.id)}
            </text>
            {isCurrent ? <path className="panels-chart-pointer" d={`M-7 ${-halfHeight - 14} h14 l-7 10 z`} /> : null}
            {isCurrent && proc === 'paused' ? (
              <g className="panels-chart-badge" transform={`translate(${halfWidth - 4} ${-halfHeight})`}>
                <circle r={10} />
                <path d="M-4 -5 v10 M4 -5 v10" />
              </g>
            ) : null}
          </g>
        );
      })}
      {proc === 'down' ? (
        <g className="panels-chart-down">
          <path d={`M20 20 L${width - 20} ${height - 20} M${width - 20} 20 L20 ${height - 20}`} />
        </g>
      ) : null}
    </svg>
  );
}
