/**
 * A lesson never takes the learner's own night. Each step of a tour (and its presentation)
 * puts the step's night on screen, so when a lesson opens over the playground the night
 * that was there is set aside whole: the document and where it came from, its undo history
 * (past and future) and its view (zoom, playhead, selection). Autosave keeps saving that
 * night, not the lesson's, and leaving the lesson puts it back exactly as it was, so the
 * plain playground never reopens on a lesson's night. Only one night is set aside per page:
 * moving between steps, or from the page to the presentation and back, keeps it.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { DocumentState, DocumentStore } from './documentStore';
import type { Stores } from './stores';
import type { UiState } from './uiStore';

/** The part of the view that autosave keeps and a restored night gets back. */
export interface LearnerView {
  readonly viewport: UiState['viewport'];
  readonly playheadMs: UiState['playheadMs'];
  readonly selectedEventIndex: UiState['selectedEventIndex'];
}

export interface LearnerNight {
  readonly document: ScenarioDocument;
  readonly source: string;
  readonly view: LearnerView;
}

type HistoryEntry = Partial<Pick<DocumentState, 'document' | 'source'>>;

interface SetAside extends LearnerNight {
  readonly pastStates: readonly HistoryEntry[];
  readonly futureStates: readonly HistoryEntry[];
}

const setAsideNights = new WeakMap<DocumentStore, SetAside>();

/** Sets the night on screen aside before a lesson's first step replaces it (once per lesson). */
export function setAsideLearnerNight({ documents, ui }: Stores): void {
  if (setAsideNights.has(documents)) return;
  const { document, source } = documents.getState();
  const { pastStates, futureStates } = documents.temporal.getState();
  const { viewport, playheadMs, selectedEventIndex } = ui.getState();
  setAsideNights.set(documents, {
    document,
    source,
    view: { viewport, playheadMs, selectedEventIndex },
    pastStates: [...pastStates],
    futureStates: [...futureStates],
  });
}

/** The learner's own night while a lesson shows another one; null when none is set aside. */
export function setAsideNight({ documents }: Pick<Stores, 'documents'>): LearnerNight | null {
  return setAsideNights.get(documents) ?? null;
}

/**
 * Puts the set-aside night back as it was, its undo history too, without adding an undo
 * step of its own (the lesson's steps were never the learner's). False when none was set aside.
 */
export function restoreLearnerNight({ documents, ui }: Stores): boolean {
  const night = setAsideNights.get(documents);
  if (night === undefined) return false;
  setAsideNights.delete(documents);
  const history = documents.temporal;
  history.getState().pause();
  documents.setState({ document: night.document, source: night.source });
  history.getState().resume();
  history.setState({ pastStates: [...night.pastStates], futureStates: [...night.futureStates] });
  ui.getState().set({ ...night.view, playing: false, dragPreview: null, dragOrigin: null });
  return true;
}
