/**
 * Opens a night a tool found (Find a failure's, or Check every night's smallest failing
 * night) in place of the one on screen: one undoable replace (Undo brings the person's night
 * back), its added events ringed with the UI store's highlight, the story told by the night's
 * key moments as on any night. One mode at a time: a lesson or an exercise view is left, and
 * an exercise night with work in it is only replaced after asking.
 */
import type { TFunction } from 'i18next';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { TimelineHighlight } from '../../timeline/highlight';
import { replaceNight } from '../exercise/leaveExercise';
import { closeLesson } from '../lessons/lessonActions';
import { openDocument } from '../state/openDocument';
import type { Stores } from '../state/stores';
import type { UiState } from '../state/uiStore';
import { rememberFoundNight } from './foundNightsAsOpened';
import { FIND_FAILURE_IDLE, FOUND_NIGHT_SOURCE } from './searchState';

/** A night a tool found: its file, and the indices of the events the tool added to it. */
export interface FoundNight {
  readonly scenario: ScenarioDocument;
  readonly addedEventIndices: readonly number[];
}

/** Who found the night: the words that name it and say it is open, its source, the panel it ends. */
export interface NightFinder {
  /** What the question before replacing an exercise's night calls it. */
  readonly nightName: string;
  /** The notice once it is open. */
  readonly openedText: string;
  /** The document store's source (the Scenario button names it). */
  readonly source: string;
  /** The UI store's change that puts the finder's panel away: its work is done. */
  readonly panelDone: Partial<Omit<UiState, 'set'>>;
}

/** Find a failure as the finder. */
function searchFinder(t: TFunction, found: FoundNight): NightFinder {
  return {
    nightName: t('search.foundNightName', { count: found.scenario.events?.length ?? 0 }),
    openedText: t('search.opened', { count: found.addedEventIndices.length }),
    source: FOUND_NIGHT_SOURCE,
    panelDone: { findFailure: FIND_FAILURE_IDLE },
  };
}

export function openFoundNight(
  stores: Stores,
  t: TFunction,
  found: FoundNight,
  finder: NightFinder = searchFinder(t, found),
): void {
  replaceNight(stores, t, finder.nightName, () => {
    const { ui } = stores;
    if (ui.getState().lesson !== null) closeLesson(stores, false);
    openDocument(stores, searchedNight(found), finder.source, { kind: 'info', text: finder.openedText });
    const highlight: TimelineHighlight = { eventIndices: found.addedEventIndices };
    const opened = stores.documents.getState().document;
    foundHighlights.set(highlight, opened);
    rememberFoundNight(opened);
    // The notice says what happened; the panel's work is done.
    ui.getState().set({ explorer: null, highlight, ...finder.panelDone });
    focusFoundEvent(found.addedEventIndices[0]);
  });
}

/**
 * The found night as a night of its own: the searched document's hand-in fields (an
 * exercise's id, the student's name and explanation) and a measured night belong to that
 * document, not to a night a tool made up.
 */
function searchedNight(found: FoundNight): ScenarioDocument {
  const {
    exercise: _exercise,
    explanation: _explanation,
    student: _student,
    measured: _measured,
    ...night
  } = found.scenario;
  return night;
}

/**
 * The found event on the chart takes the focus (a screen reader hears its name, "Pause,
 * replica A"), once the chart has drawn the new night.
 */
function focusFoundEvent(index: number | undefined): void {
  if (index === undefined) return;
  requestAnimationFrame(() => {
    const handle = document.querySelector<SVGElement>(`svg.timeline [data-event-index="${index}"]`);
    handle?.focus();
  });
}

/** The rings `openFoundNight` set, each with the found night they belong to. */
const foundHighlights = new WeakMap<TimelineHighlight, ScenarioDocument>();

/**
 * The found night's rings belong to it: once the document is another night (Undo, an edit,
 * another preset), they go. A tour's or an explorer's highlight is never touched.
 */
export function watchFoundHighlight(stores: Stores): () => void {
  return stores.documents.subscribe((next, previous) => {
    if (next.document === previous.document) return;
    const { highlight } = stores.ui.getState();
    const night = highlight === null ? undefined : foundHighlights.get(highlight);
    if (night !== undefined && night !== next.document) stores.ui.getState().set({ highlight: null });
  });
}
