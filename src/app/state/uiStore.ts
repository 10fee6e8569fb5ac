/**
 * The UI store: UI state only (docs/style.md rule 12): selection, viewport, playhead, playback,
 * snapping, the transient document of a drag in progress, and which panels are open. Never
 * the committed scenario (documentStore) and never anything derived from it.
 */
import { createStore, useStore } from 'zustand';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { TimelineHighlight } from '../../timeline/highlight';
import type { HandInDrafts } from '../handIn/handInDraft';
import { FIND_FAILURE_IDLE, type FindFailureState } from '../search/searchState';
import { CHECK_EVERY_NIGHT_IDLE, type CheckEveryNightState } from '../verify/verifyState';

export interface TimeSpan {
  readonly fromMs: number;
  readonly toMs: number;
}

export interface UiState {
  readonly selectedEventIndex: number | null;
  readonly selectedWriteId: number | null;
  /** Visible span of the timeline; null = the scenario's whole window. */
  readonly viewport: TimeSpan | null;
  /** invariant: null until the user moves it; the timeline then shows no playhead. */
  readonly playheadMs: number | null;
  readonly playing: boolean;
  /** Virtual milliseconds per real millisecond during playback. */
  readonly speed: number;
  readonly snapMs: number;
  /** The document while a drag is in progress (re-simulated every tick), else null. */
  readonly dragPreview: ScenarioDocument | null;
  /** The committed document when the drag began: its night is drawn faintly as a ghost. */
  readonly dragOrigin: ScenarioDocument | null;
  /**
   * While dragging, the document whose night the chart, the verdict and the checklist show
   * (read it through `shownDragDocument`): the preview itself when its night fits a frame,
   * else the newest preview the night worker has answered for (the origin until then).
   * invariant: its night is in the night cache when set.
   */
  readonly dragShown: ScenarioDocument | null;
  readonly statechartReplica: string | null;
  readonly shortcutsOpen: boolean;
  /** The chart's legend dialog is open. */
  readonly legendOpen: boolean;
  /** The person asked for the legend in exports (PNG, SVG, print): the Export menu's choice. */
  readonly legendInExports: boolean;
  /** A problem to tell the user about (a bad share link, say); null when there is none. */
  readonly notice: { readonly kind: 'error' | 'info'; readonly text: string } | null;
  /** The guided tour open at a step (src/app/lessons), or null. */
  readonly lesson: { readonly id: string; readonly stepIndex: number } | null;
  /** At the current step: the answer picked (index), and whether the outcome is shown. */
  readonly prediction: { readonly choice: number | null; readonly revealed: boolean };
  /** Presentation mode (src/app/present): the tour alone, large, for a projector. */
  readonly presenting: boolean;
  /** In presentation mode: the screen is black (B). */
  readonly blanked: boolean;
  /** What the chart points at and keeps back (a tour step, an explorer); null: nothing. */
  readonly highlight: TimelineHighlight | null;
  /** An exercise view open beside the chart: EX04's statements or EX05's sliders; null: none. */
  readonly explorer: 'ex04' | 'ex05' | null;
  /**
   * Hand-in dialogs' drafts for this session (handIn/handInDraft.ts); never in the undo
   * history. null until a hand-in dialog is first typed in (its values stay out of the first load).
   */
  readonly handInDrafts: HandInDrafts | null;
  /** A question before replacing the exercise's night (exercise/leaveExercise.ts); null: none. */
  readonly confirmReplace: {
    readonly message: string;
    readonly confirmLabel: string;
    readonly cancelLabel: string;
    readonly run: () => void;
    /** Run when the person keeps the night (e.g. put the address back); optional. */
    readonly keep?: () => void;
  } | null;
  /** "Find a failure": its progress or its outcome (src/app/search). */
  readonly findFailure: FindFailureState;
  /** "Check every night": its form, its progress or its answer (src/app/verify). */
  readonly checkEveryNight: CheckEveryNightState;
  readonly set: (patch: Partial<Omit<UiState, 'set'>>) => void;
}

export const SNAP_STEPS_MS = [1000, 5000, 10_000, 30_000, 60_000] as const;

export function createUiStore() {
  return createStore<UiState>()((set) => ({
    selectedEventIndex: null,
    selectedWriteId: null,
    viewport: null,
    playheadMs: null,
    playing: false,
    speed: 60,
    snapMs: 10_000,
    dragPreview: null,
    dragOrigin: null,
    dragShown: null,
    statechartReplica: null,
    shortcutsOpen: false,
    legendOpen: false,
    legendInExports: false,
    notice: null,
    lesson: null,
    prediction: { choice: null, revealed: false },
    presenting: false,
    blanked: false,
    highlight: null,
    explorer: null,
    confirmReplace: null,
    handInDrafts: null,
    findFailure: FIND_FAILURE_IDLE,
    checkEveryNight: CHECK_EVERY_NIGHT_IDLE,
    set: (patch) => set(patch),
  }));
}

export type UiStore = ReturnType<typeof createUiStore>;

/** The document whose night is on screen during a drag, or null when no drag is in progress. */
export function shownDragDocument(state: UiState): ScenarioDocument | null {
  return state.dragOrigin === null ? null : (state.dragShown ?? state.dragOrigin);
}

export function useUi<T>(store: UiStore, selector: (state: UiState) => T): T {
  return useStore(store, selector);
}
