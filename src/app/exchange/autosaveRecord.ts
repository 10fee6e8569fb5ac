/**
 * What autosave keeps in the browser's localStorage: the scenario document (its `explanation`
 * included), where it came from, the view, and who saved it when. Pure: encoding and decoding
 * only; the timers and the storage events live in `autosave.ts`.
 *
 * A record is read as hostile input (another version of Leaseline, an extension, a person
 * with the developer tools may have written it): the document goes through the model's
 * loader, the view through plain checks, and anything wrong makes the whole record unreadable
 * (null) rather than half-restored.
 */
import { loadScenarioValue } from '../../model/loadScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import type { TimeSpan } from '../state/uiStore';

/** The localStorage key of the one autosaved piece of work. */
export const AUTOSAVE_KEY = 'leaseline:autosave';
/** Where the record that "Keep mine" overwrote goes, so that neither tab's work is lost. */
export const DISPLACED_KEY = 'leaseline:autosave:displaced';
const RECORD_FORMAT = 'leaseline/autosave';
const RECORD_VERSION = 1;

/** The parts of the UI state worth bringing back on reload. */
export interface SavedView {
  readonly viewport: TimeSpan | null;
  readonly playheadMs: number | null;
  readonly selectedEventIndex: number | null;
}

export interface AutosaveRecord {
  /** The tab that wrote it (a random id per page load). */
  readonly tabId: string;
  /**
   * invariant: goes up by one with every write, from any tab; a tab that last saw revision n
   * and finds n+k (k > 0) written by another tab knows it would overwrite newer work.
   */
  readonly revision: number;
  /** Wall-clock time of the save (Date.now()), for telling people when it was. */
  readonly savedAtMs: number;
  /** The document store's `source`: a preset id, `link`, a file name, `exercise-ex03`. */
  readonly source: string;
  readonly document: ScenarioDocument;
  readonly view: SavedView;
}

export const EMPTY_VIEW: SavedView = { viewport: null, playheadMs: null, selectedEventIndex: null };

/** The text stored under AUTOSAVE_KEY. Pure. */
export function encodeRecord(record: AutosaveRecord): string {
  return JSON.stringify({ format: RECORD_FORMAT, version: RECORD_VERSION, ...record });
}

/** The record in `text`, or null when there is none or it cannot be trusted. Pure; never throws. */
export function decodeRecord(text: string | null): AutosaveRecord | null {
  if (text === null || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || value.format !== RECORD_FORMAT || value.version !== RECORD_VERSION) return null;
  const { tabId, revision, savedAtMs, source } = value;
  if (typeof tabId !== 'string' || typeof source !== 'string') return null;
  if (!isWholeNumber(revision) || !isWholeNumber(savedAtMs)) return null;
  const loaded = loadScenarioValue(value.document, 'autosave');
  if (!loaded.ok) return null;
  return { tabId, revision, savedAtMs, source, document: loaded.document, view: decodeView(value.view) };
}

/** Whether two documents hold the same scenario (same JSON text). Pure. */
export function sameDocument(a: ScenarioDocument, b: ScenarioDocument): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A view read field by field: a bad field is dropped (null), the others are kept. Pure. */
function decodeView(value: unknown): SavedView {
  if (!isObject(value)) return EMPTY_VIEW;
  const viewport = isObject(value.viewport) ? value.viewport : null;
  const span =
    viewport && isWholeNumber(viewport.fromMs) && isWholeNumber(viewport.toMs) && viewport.toMs > viewport.fromMs
      ? { fromMs: viewport.fromMs, toMs: viewport.toMs }
      : null;
  return {
    viewport: span,
    playheadMs: isWholeNumber(value.playheadMs) ? value.playheadMs : null,
    selectedEventIndex: isWholeNumber(value.selectedEventIndex) ? value.selectedEventIndex : null,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
