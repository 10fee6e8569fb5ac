import { useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { EventDocument } from '../../model/scenarioSchema';
import { PLAYGROUND_SIZING, type SizingProfile } from '../../timeline/chartSize';
import { describeTimeline } from '../i18n';
import { digitsFor } from '../i18n/digits';
import { directionOf, isLanguage } from '../i18n/languages';
import { eventsWithShownLabels } from '../i18n/presetText';
import { preferences } from '../state/preferences';
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
  sizing = PLAYGROUND_SIZING,
  reserveBelowPx,
  editable = true,
}: {
  readonly onController?: (controller: TimelineController | null) => void;
  /** How the chart grows with the room its ruler measures (chartSize.ts). */
  readonly sizing?: SizingProfile;
  /** Keep this much of the window under the chart (timelineController's reserveBelowPx). */
  readonly reserveBelowPx?: number;
  /** False: the night is looked at, never edited (timelineController's `editable`). */
  readonly editable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const stores = useStores();
  // A new language or digit style lays the chart out anew (words, label side, axis digits).
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const digits = useStore(preferences, (state) => state.digits);
  const laneLabelSide = directionOf(language) === 'rtl' ? 'right' : 'left';
  const tickText = useCallback((label: string) => digitsFor(label, language, digits), [language, digits]);
  const shownEvents = useCallback((events: readonly EventDocument[]) => eventsWithShownLabels(t, events), [t]);
  const svgRef = useRef<SVGSVGElement>(null);
  const rulerRef = useRef<HTMLDivElement>(null);

  // A layout effect: the chart is drawn in the same task as React's commit, before the browser
  // paints, so no frame shows the empty <svg> and nothing under it moves when the night appears
  // (the prerendered first screen gives way in that frame too: firstScreen/takeOver.ts).
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const controller = createTimelineController(svg, stores, describeTimeline, {
      sizing,
      ruler: rulerRef.current,
      reserveBelowPx,
      laneLabelSide,
      tickText,
      shownEvents,
      editable,
    });
    onController?.(controller);
    return () => {
      onController?.(null);
      controller.destroy();
    };
  }, [stores, onController, sizing, reserveBelowPx, laneLabelSide, tickText, shownEvents, editable]);

  return (
    <div className="timeline-frame">
      {/* The room the chart may fill, sized by CSS alone (styles.css, present.css). */}
      <div ref={rulerRef} className="timeline-ruler" aria-hidden="true" />
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart cannot be a <fieldset>; role="group" names the set of event sliders and write buttons inside it. */}
      <svg ref={svgRef} className="timeline" role="group" aria-label={t('playground.timelineLabel')} />
    </div>
  );
}
