/**
 * The found nights as a tool opened them, by document object: the story a tool wrote for a
 * night (Find a failure's, Check every night's) holds for that night only, and every edit
 * makes a new document object, while Undo brings the same one back. A reload starts with none:
 * a found night restored from the autosave is told from its chart (chart/storyOnScreen.ts),
 * which is true whatever happened to it.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';

const asOpened = new WeakSet<ScenarioDocument>();

/** Remembers `document` as the night a tool found, unchanged. */
export function rememberFoundNight(document: ScenarioDocument): void {
  asOpened.add(document);
}

/** Whether `document` is a found night exactly as its tool opened it. */
export function isFoundNightAsOpened(document: ScenarioDocument): boolean {
  return asOpened.has(document);
}
