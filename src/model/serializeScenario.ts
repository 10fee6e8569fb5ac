import type { ScenarioDocument } from './scenarioSchema';

/**
 * The file text of a document: JSON, 2-space indent, trailing newline, keys in the order
 * the document has them (so a load and save changes nothing a person wrote). Pure.
 */
export function serializeScenario(document: ScenarioDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
