import { describe, expect, it } from 'vitest';
import { createDocumentStore } from '../state/documentStore';
import { initialDocument } from '../state/initialDocument';
import { createUiStore } from '../state/uiStore';
import { closeLesson, nextStep, openLessonStep, predict, previousStep } from './lessonActions';

function stores() {
  const opened = initialDocument('');
  return { documents: createDocumentStore(opened.document, opened.source), ui: createUiStore() };
}

describe('lesson actions', () => {
  it("open a step: its scenario, its playhead, and a curtain with A's write masked until a prediction", () => {
    const page = stores();
    expect(openLessonStep(page, 'l5', 4)).toBe(true);
    const ui = page.ui.getState();
    expect(ui.lesson).toEqual({ id: 'l5', stepIndex: 4 });
    expect(ui.playheadMs).toBe((2 * 3600 + 7 * 60 + 50) * 1000);
    expect(ui.prediction).toEqual({ choice: null, revealed: false });
    expect(ui.highlight?.curtainFromMs).toBe(ui.playheadMs);
    expect(ui.highlight?.maskedWriteIds).toHaveLength(1);
    expect(page.documents.getState().source).toBe('lesson:l5');
    predict(page, 7);
    expect(page.ui.getState().prediction.revealed).toBe(false);
    predict(page, 1);
    expect(page.ui.getState().prediction).toEqual({ choice: 1, revealed: true });
    expect(page.ui.getState().highlight?.curtainFromMs).toBeUndefined();
    // A second choice after the reveal changes nothing.
    predict(page, 0);
    expect(page.ui.getState().prediction.choice).toBe(1);
  });

  it('next reveals a pending question first, then moves on; previous and close', () => {
    const page = stores();
    openLessonStep(page, 'l5', 0);
    expect(nextStep(page)).toBe(true);
    expect(page.ui.getState().prediction).toEqual({ choice: null, revealed: true });
    expect(page.ui.getState().lesson?.stepIndex).toBe(0);
    nextStep(page);
    expect(page.ui.getState().lesson?.stepIndex).toBe(1);
    const document = page.documents.getState().document;
    previousStep(page);
    nextStep(page);
    nextStep(page);
    // Revisiting a step gives the very same document (the night cache and undo rely on it).
    expect(page.documents.getState().document).toBe(document);
    openLessonStep(page, 'l5', 6);
    expect(nextStep(page)).toBe(false);
    closeLesson(page);
    expect(page.ui.getState()).toMatchObject({ lesson: null, highlight: null, presenting: false });
    expect(openLessonStep(page, 'nope', 0)).toBe(false);
  });

  it("never replaces the learner's own night: closing gives back its document, undo history and view", () => {
    const page = stores();
    const history = page.documents.temporal;
    page.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    const own = page.documents.getState().document;
    const ownSource = page.documents.getState().source;
    page.ui.getState().set({ playheadMs: 7_300_000, viewport: { fromMs: 7_200_000, toMs: 7_400_000 } });
    expect(history.getState().pastStates).toHaveLength(1);

    openLessonStep(page, 'l5', 0);
    nextStep(page);
    nextStep(page);
    // Presented and back: still the same lesson, and the learner's night still aside.
    openLessonStep(page, 'l5', 2, true);
    openLessonStep(page, 'l5', 2, false);
    expect(page.documents.getState().source).toBe('lesson:l5');
    closeLesson(page);

    expect(page.documents.getState().document).toBe(own);
    expect(page.documents.getState().source).toBe(ownSource);
    expect(page.ui.getState()).toMatchObject({
      playheadMs: 7_300_000,
      viewport: { fromMs: 7_200_000, toMs: 7_400_000 },
    });
    // The learner's one edit is still the one step to undo; the lesson's steps left no trace.
    expect(history.getState().pastStates).toHaveLength(1);
    history.getState().undo();
    expect(page.documents.getState().document.storage?.fencing ?? 'off').toBe('off');
    history.getState().redo();
    expect(page.documents.getState().document).toBe(own);
    // A second close has nothing to give back and changes nothing.
    closeLesson(page);
    expect(page.documents.getState().document).toBe(own);
  });
});
