/**
 * What a grader should look at twice, beside the checklist: a hand-in can tick every EX03
 * item without any work (the untouched flagship, or a preset picked after opening EX03).
 * Flags: `not an exercise` (the file does not say it answers EX03), `identical to built-in
 * preset X` (the night is a preset's, compared on the resolved scenario with titles,
 * descriptions, hand-in fields, event ids and labels left out, so retitling or relabelling
 * does not hide a copy, and reformatting the file does not matter), `no explanation`. The
 * explanation's word count goes with them. Pure.
 */
import { loadScenarioValue } from '../model/loadScenario';
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { ScenarioDocument } from '../model/scenarioSchema';
import type { Preset } from '../presets/presetTypes';

export interface HandInFacts {
  /** The student's name as written in the file (`student`), or null. */
  readonly name: string | null;
  readonly flags: readonly string[];
  readonly words: number;
  readonly explanation: string;
}

/** The scenario as the engine sees it, without the words around it. */
export function scenarioShape(scenario: ResolvedScenario): string {
  return JSON.stringify({
    ...scenario,
    title: '',
    description: '',
    events: scenario.events.map((event) => ({ ...event, id: '', label: null })),
  });
}

const presetShapes = new WeakMap<readonly Preset[], ReadonlyMap<string, string>>();

/** Shape of each preset's scenario, worked out once per catalogue. */
function shapesOf(presets: readonly Preset[]): ReadonlyMap<string, string> {
  const cached = presetShapes.get(presets);
  if (cached) return cached;
  const shapes = new Map<string, string>();
  for (const preset of presets) {
    const loaded = loadScenarioValue(preset.document, `${preset.id}.json`);
    if (loaded.ok) shapes.set(scenarioShape(loaded.scenario), shapes.get(scenarioShape(loaded.scenario)) ?? preset.id);
  }
  presetShapes.set(presets, shapes);
  return shapes;
}

/** Words as a reader counts them: runs of letters or digits (so "B's" and "#1003" count once). */
export function wordCount(text: string): number {
  return text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function handInFacts(
  document: ScenarioDocument,
  scenario: ResolvedScenario,
  presets: readonly Preset[],
  exercise: string,
): HandInFacts {
  const flags: string[] = [];
  if (document.exercise?.toLowerCase() !== exercise) flags.push('not an exercise');
  const preset = shapesOf(presets).get(scenarioShape(scenario));
  if (preset !== undefined) flags.push(`identical to built-in preset ${preset}`);
  const explanation = document.explanation ?? '';
  const words = wordCount(explanation);
  if (words === 0) flags.push('no explanation');
  const name = document.student?.trim() ?? '';
  return { name: name === '' ? null : name, flags, words, explanation };
}
