/**
 * A drag's ticks become previews of the night. A night that fits a frame (frameFit.ts) is shown
 * at once, inside the pointer event; a bigger one is simulated in the night worker and shown
 * when its answer is the newest, the ghost and the last night staying meanwhile. On release the
 * edits are committed once, reusing the last preview when it is the committed document.
 * Each tick is measured with user timing (`leaseline:drag-frame`, `-handler`) for the bench.
 */
import { applyEdits, type ScenarioEdit } from '../../model/scenarioEdit';
import type { DragPhase } from '../../timeline/dragBehavior';
import { fitsFrame } from '../state/frameFit';
import { forgetNight, hasNight, nightOf, rememberNight } from '../state/night';
import { createNightScheduler } from '../state/nightScheduler';
import { openNightWorker } from '../state/nightWorkerPort';
import type { Stores } from '../state/stores';
import { shownDragDocument } from '../state/uiStore';
import type { GestureWords } from './gestureWords';

export function createDragPreview(svg: SVGSVGElement, stores: Stores, words: GestureWords) {
  const { documents, ui } = stores;
  /** Says, for assistive technology and tests, that the chart waits for a newer night. */
  const markBusy = (busy: boolean) => {
    if (busy) svg.setAttribute('aria-busy', 'true');
    else svg.removeAttribute('aria-busy');
  };

  // Big nights' previews: simulated in the worker, shown when their answer is the newest.
  const nights = createNightScheduler({
    openPort: openNightWorker,
    computeNight: (document) => nightOf(document),
    onNight: (document, night) => {
      const state = ui.getState();
      // The preview it replaces is no longer needed (only the last one may be committed):
      // kept, each big night's megabytes of trace would fill the cache and the heap.
      const replaced = state.dragShown;
      if (replaced !== null && replaced !== state.dragOrigin && replaced !== document) forgetNight(replaced);
      rememberNight(document, night);
      if (state.dragOrigin === null) return;
      state.set({ dragShown: document });
      markBusy(nights.pending);
    },
  });

  /** The edits of the last drag tick: a move that snaps to the same values changes nothing. */
  let lastDragEdits = '';
  const onEdits = (edits: ScenarioEdit[], phase: DragPhase) => {
    const handlerStartMs = performance.now();
    // When the browser received the move (Chromium delivers mouse moves aligned to frames,
    // so this includes the wait for the next frame) and when the app began to handle it.
    const receivedMs = (globalThis.event as Event | undefined)?.timeStamp ?? handlerStartMs;
    const state = ui.getState();
    const origin = state.dragOrigin ?? documents.getState().document;
    if (phase === 'start') {
      lastDragEdits = '';
      nights.drop();
      words.begin();
      const start = documents.getState().document;
      ui.getState().set({ dragOrigin: start, dragShown: start, dragPreview: null, playing: false });
      return;
    }
    if (phase === 'drag') {
      // Most pointer moves land on the same snapped instant: nothing to re-simulate or measure.
      const key = JSON.stringify(edits);
      if (key === lastDragEdits) return;
      lastDragEdits = key;
      const preview = applyEdits(origin, edits);
      // Kept among the nights used last, so Undo after a long drag finds it.
      if (hasNight(origin)) nightOf(origin);
      // The night on screen predicts the preview's cost: same replicas, events and window.
      if (fitsFrame(nightOf(shownDragDocument(state) ?? origin))) {
        // Shown at once: an answer still on its way would be older. Such a night is simulated
        // whole (about a millisecond): re-simulating it from checkpoints is left to the worker,
        // whose chunk alone carries that code, so the first load does not grow.
        nights.drop();
        ui.getState().set({ dragPreview: preview, dragOrigin: origin, dragShown: preview });
      } else {
        ui.getState().set({ dragPreview: preview, dragOrigin: origin });
        nights.request(preview, origin);
        markBusy(nights.pending);
      }
      const redrawnMs = performance.now();
      performance.measure('leaseline:drag-frame', { start: receivedMs, end: redrawnMs });
      performance.measure('leaseline:drag-handler', { start: handlerStartMs, end: redrawnMs });
      return;
    }
    // Release or Escape: answers still on their way are for a drag that is over.
    nights.drop();
    words.end();
    markBusy(false);
    const preview = state.dragPreview;
    ui.getState().set({ dragPreview: null, dragOrigin: null, dragShown: null });
    if (phase !== 'end') return;
    // The last preview is the committed document when the edits are the last tick's, so
    // its night, simulated already, is not simulated again.
    const same =
      preview !== null && JSON.stringify(edits) === lastDragEdits && documents.getState().document === origin;
    documents.getState().commit(edits, same ? preview : undefined);
  };

  return { onEdits, close: () => nights.close() };
}
