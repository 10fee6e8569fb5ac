import { useMemo } from 'react';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { layoutTimeline } from '../../timeline/layoutTimeline';
import { type LegendItem, legendItems } from '../../timeline/legend';
import { windowViewport } from '../../timeline/viewport';
import { describeTimeline } from '../i18n';
import type { Night } from '../state/night';

/** Width the night is laid out at for its legend: wide enough that short marks keep their shape. */
const LEGEND_LAYOUT_WIDTH_PX = 1200;

/**
 * The legend of the committed night: its whole window laid out once (what is zoomed out of
 * view counts too), then the kinds of mark in it (timeline/legend.ts). Empty while `wanted`
 * is false, so a closed legend costs nothing.
 */
export function useLegendItems(
  document: ScenarioDocument,
  night: Extract<Night, { kind: 'ok' }> | null,
  wanted: boolean,
): readonly LegendItem[] {
  return useMemo(() => {
    if (!wanted || night === null) return [];
    const { trace, scenario } = night;
    const geometry = layoutTimeline({
      trace,
      scenario,
      events: document.events ?? [],
      viewport: windowViewport(scenario.windowFromMs, scenario.windowToMs, LEGEND_LAYOUT_WIDTH_PX),
      describe: describeTimeline,
      keyMoments: night.keyMoments,
    });
    return legendItems(geometry);
  }, [document, night, wanted]);
}
