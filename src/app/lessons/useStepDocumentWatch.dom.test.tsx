import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createDocumentStore } from '../state/documentStore';
import { initialDocument } from '../state/initialDocument';
import { createUiStore } from '../state/uiStore';
import { openLessonStep } from './lessonActions';
import { useStepDocumentWatch } from './useStepDocumentWatch';

describe('a tour step whose night is edited', () => {
  it('drops the rings and the curtain, and shows the question as answered without a prediction', () => {
    const opened = initialDocument('');
    const page = { documents: createDocumentStore(opened.document, opened.source), ui: createUiStore() };
    openLessonStep(page, 'l5', 4);
    const hook = renderHook(() => useStepDocumentWatch(page));
    expect(page.ui.getState().highlight).not.toBeNull();
    page.documents.getState().commit([{ kind: 'patchStorage', patch: { fencing: 'job' } }]);
    expect(page.ui.getState().highlight).toBeNull();
    expect(page.ui.getState().prediction).toEqual({ choice: null, revealed: true });
    // Going to another step brings its own highlight back.
    openLessonStep(page, 'l5', 5);
    expect(page.ui.getState().highlight).not.toBeNull();
    hook.unmount();
  });
});
