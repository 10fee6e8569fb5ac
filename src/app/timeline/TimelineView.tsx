import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { describeTimeline } from '../i18n';
import { useStores } from '../state/stores';
import { createTimelineController, type TimelineController } from './timelineController';
// The chart's font (latin, regular and bold), served from the app's own origin.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-700.css';
import '../../timeline/timeline.css';

/**
 * Mounts the D3 timeline. React renders the <svg> once; the controller draws into it and
 * follows the stores itself, so a drag never waits for a React render.
 */
export function TimelineView({
  onController,
}: {
  readonly onController?: (controller: TimelineController | null) => void;
}) {
  const { t } = useTranslation();
  const stores = useStores();
  const svgRef = useRef<SVGSVGElement>(null);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const controller = createTimelineController(svg, stores, describeTimeline);
    onController?.(controller);
    return () => {
      onController?.(null);
      controller.destroy();
    };
  }, [stores, onController]);

  return (
    <div className="timeline-frame">
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart cannot be a <fieldset>; role="group" names the set of event sliders and write buttons inside it. */}
      <svg ref={svgRef} className="timeline" role="group" aria-label={t('playground.timelineLabel')} />
    </div>
  );
}
