/**
 * A tour step's marks and curtain belong to the step's own night. When the document changes
 * under an open step (the viewer drags an event, flips fencing with F, or undoes), they would
 * ring the wrong writes and hide a night that is no longer the question's: so the highlight
 * goes and any pending question is shown as answered without a prediction.
 */
import { useEffect } from 'react';
import type { Stores } from '../state/stores';
import { currentStep } from './lessonActions';
import { stepDocument } from './stepDocument';

export function useStepDocumentWatch(stores: Stores): void {
  useEffect(
    () =>
      stores.documents.subscribe((state, previous) => {
        if (state.document === previous.document) return;
        const open = currentStep(stores);
        if (!open || state.document === stepDocument(open.step)) return;
        const { prediction } = stores.ui.getState();
        stores.ui.getState().set({
          highlight: null,
          prediction: prediction.revealed ? prediction : { choice: null, revealed: true },
        });
      }),
    [stores],
  );
}
