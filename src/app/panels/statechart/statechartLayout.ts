/**
 * The statechart's layout by ELK, loaded only when a statechart is first opened: a dynamic
 * import, so the 1.6 MB layout engine stays out of the page's first JavaScript (and is
 * precached for offline use like every other chunk). The bundled build runs in the page
 * without a Web Worker and without eval, so it works under the app's Content-Security-Policy.
 * The machine never changes while the page runs, so the layout is computed once.
 */
import type { ChartGeometry } from './chartGeometry';
import { geometryFromLayout, statechartGraph } from './elkGraph';

let layout: Promise<ChartGeometry> | null = null;

/** The laid-out replica machine; the same promise for every caller. */
export function layoutStatechart(): Promise<ChartGeometry> {
  if (layout === null) {
    layout = import('elkjs/lib/elk.bundled.js')
      .then(({ default: Elk }) => new Elk().layout(statechartGraph()))
      .then(geometryFromLayout);
    // A failed load (offline before the chunk was cached) may be retried on the next opening.
    layout.catch(() => {
      layout = null;
    });
  }
  return layout;
}
