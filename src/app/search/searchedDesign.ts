/**
 * The part of a document the in-app search tests (`fresh`: its window, replicas, job, lock and
 * storage; never its events, texts or hand-in fields). A search's words ("breaks this design")
 * hold only while the night on screen keeps that design: moving events keeps it, another
 * preset or a changed lock does not.
 */
import type { ScenarioDocument } from '../../model/scenarioSchema';

export function designKey(document: ScenarioDocument): string {
  const { window, replicas, job, lock, storage } = document;
  return JSON.stringify({ window, replicas, job, lock, storage });
}
