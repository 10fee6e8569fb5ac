/**
 * Whether the night on screen still is the preset it came from, compared on the scenario the
 * engine runs (what the night is), not on the file's bytes: a title, a description, an
 * explanation, an event's label or id, key order and spelled-out defaults change nothing; a
 * moved pause, fencing on, another lock does. The Scenario menu then says "(edited)".
 */
import type { ResolvedScenario } from '../../model/resolvedScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { nightOf } from '../state/night';

/** The parts of a resolved scenario that make the night, as comparable text. */
export function nightKey(scenario: ResolvedScenario): string {
  const { title: _title, description: _description, events, ...night } = scenario;
  return JSON.stringify({ ...night, events: events.map(({ id: _id, label: _label, ...event }) => event) });
}

const keys = new WeakMap<ScenarioDocument, string | null>();

function keyOf(document: ScenarioDocument): string | null {
  const known = keys.get(document);
  if (known !== undefined) return known;
  const night = nightOf(document);
  const key = night.kind === 'ok' ? nightKey(night.scenario) : null;
  keys.set(document, key);
  return key;
}

/** True when `document` is no longer the night of preset `presetId` (or cannot be run). */
export function isEditedPreset(document: ScenarioDocument, presetId: string): boolean {
  const preset = findPreset(presetId);
  if (!preset) return false;
  const presetDocument = preset.document as ScenarioDocument;
  if (document === presetDocument) return false;
  const mine = keyOf(document);
  return mine === null || mine !== keyOf(presetDocument);
}
