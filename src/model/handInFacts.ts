/**
 * What a grader should look at twice, beside the checklist: a hand-in can tick every EX03
 * item without any work (the untouched flagship, or a preset picked after opening EX03).
 * Flags: `not an exercise` (the file does not say it answers EX03), `identical to built-in
 * preset X` (the night is a preset's, compared on the resolved scenario with titles,
 * descriptions, hand-in fields, event ids and labels left out, so retitling or relabelling
 * does not hide a copy, and reformatting the file does not matter), `no explanation`. The
 * explanation's word count goes with them. Pure; read by `leaseline grade` and, before the
 * file is saved, by the app's Hand in (the same checks, so the student sees what the grader
 * will).
 */
import { loadScenarioValue } from './loadScenario';
import type { ResolvedScenario } from './resolvedScenario';
import type { ScenarioDocument } from './scenarioSchema';

/** A built-in night to compare with: its id and its scenario file as JSON (presets/ Preset). */
export interface ComparedPreset {
  readonly id: string;
  readonly document: unknown;
}

/** One thing a grader is shown twice, as data (the app words it; the CLI prints handInFlagText). */
export type HandInFlag =
  | { readonly kind: 'notExercise' }
  | { readonly kind: 'identicalToPreset'; readonly preset: string }
  | { readonly kind: 'noExplanation' };

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

const presetShapes = new WeakMap<readonly ComparedPreset[], ReadonlyMap<string, string>>();

/** Shape of each preset's scenario, worked out once per catalogue. */
function shapesOf(presets: readonly ComparedPreset[]): ReadonlyMap<string, string> {
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

/** The flags of a hand-in, in the order the grader prints them. */
export function handInFlags(
  document: ScenarioDocument,
  scenario: ResolvedScenario,
  presets: readonly ComparedPreset[],
  exercise: string,
): HandInFlag[] {
  const flags: HandInFlag[] = [];
  if (document.exercise?.toLowerCase() !== exercise) flags.push({ kind: 'notExercise' });
  const preset = shapesOf(presets).get(scenarioShape(scenario));
  if (preset !== undefined) flags.push({ kind: 'identicalToPreset', preset });
  if (wordCount(document.explanation ?? '') === 0) flags.push({ kind: 'noExplanation' });
  return flags;
}

/** A flag as `leaseline grade` prints it (`[flagged: ...]`). */
export function handInFlagText(flag: HandInFlag): string {
  switch (flag.kind) {
    case 'notExercise':
      return 'not an exercise';
    case 'identicalToPreset':
      return `identical to built-in preset ${flag.preset}`;
    case 'noExplanation':
      return 'no explanation';
  }
}

export function handInFacts(
  document: ScenarioDocument,
  scenario: ResolvedScenario,
  presets: readonly ComparedPreset[],
  exercise: string,
): HandInFacts {
  const explanation = document.explanation ?? '';
  const name = document.student?.trim() ?? '';
  return {
    name: name === '' ? null : name,
    flags: handInFlags(document, scenario, presets, exercise).map(handInFlagText),
    words: wordCount(explanation),
    explanation,
  };
}
