/**
 * The brute force `leaseline verify` is held to (docs/verify.md): every set of 0..K distinct
 * alphabet elements written as a scenario file and run through `leaseline check --json`, the
 * command a person would run on it, one file at a time; exit 2 means the set is not a night.
 * Slow on purpose and sharing nothing, so it can be trusted.
 */

import { runCli } from '../src/cli/runCli';
import { simulatorEngine } from '../src/cli/simulatorEngine';
import type { ScenarioDocument } from '../src/model/scenarioSchema';
import { serializeScenario } from '../src/model/serializeScenario';
import { findPreset } from '../src/presets/catalogue';
import { compareSize, nightSize } from '../src/search/nightSize';
import type { SearchNight } from '../src/search/searchFault';
import { searchSpace } from '../src/search/searchSpace';
import { faultAlphabet } from '../src/verify/faultAlphabet';
import type { VerifyBounds } from '../src/verify/verifyBounds';
import { verifyNightFile } from '../src/verify/verifyNight';

export interface BruteForceAnswer {
  readonly verdict: 'safe' | 'unsafe';
  readonly alphabetSize: number;
  readonly nightsByFaultCount: number[];
  readonly failingByFaultCount: number[];
  /** The smallest failing night's file text, or null. */
  readonly smallestText: string | null;
}

export function presetDocument(id: string): ScenarioDocument {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  return preset.document as ScenarioDocument;
}

/** `leaseline check --json` on one file's text: the exit status and the invariants it reports broken. */
function checkText(text: string): { status: number; violated: string[] } {
  let stdout = '';
  const status = runCli(['check', '--json', 'night.json'], {
    io: {
      stdout: (chunk) => {
        stdout += chunk;
      },
      stderr: () => {},
      readFile: () => text,
      readBytes: () => new TextEncoder().encode(text),
      listDirectory: () => null,
      writeFile: () => {
        throw new Error('check writes nothing');
      },
    },
    engine: simulatorEngine,
    presets: [],
    version: 'test',
  });
  if (status === 2) return { status, violated: [] };
  const report = JSON.parse(stdout) as { violations: { invariant: string }[] };
  return { status, violated: report.violations.map((violation) => violation.invariant) };
}

/** Every night, checked one by one; counts of every fault count up to `bounds.maxFaults`. */
export function bruteForce(document: ScenarioDocument, bounds: VerifyBounds): BruteForceAnswer {
  const space = searchSpace(document, bounds);
  const alphabet = faultAlphabet(space, bounds);
  const nights: number[] = [];
  const failing: number[] = [];
  let smallest: { night: SearchNight; text: string } | null = null;
  for (let count = 0; count <= bounds.maxFaults; count++) {
    nights.push(0);
    failing.push(0);
    for (const indices of combinations(alphabet.length, count)) {
      const night = indices.map((index) => alphabet[index]) as SearchNight;
      const text = serializeScenario(verifyNightFile(space, night).document);
      const checked = checkText(text);
      if (checked.status === 2) continue;
      nights[count] = (nights[count] ?? 0) + 1;
      if (!checked.violated.some((invariant) => (bounds.invariants as readonly string[]).includes(invariant))) continue;
      failing[count] = (failing[count] ?? 0) + 1;
      if (smallest === null || isSmaller({ night, text }, smallest, space.windowFromMs)) smallest = { night, text };
    }
  }
  return {
    verdict: smallest === null ? 'safe' : 'unsafe',
    alphabetSize: alphabet.length,
    nightsByFaultCount: nights,
    failingByFaultCount: failing,
    smallestText: smallest?.text ?? null,
  };
}

function isSmaller(
  a: { night: SearchNight; text: string },
  b: { night: SearchNight; text: string },
  windowFromMs: number,
): boolean {
  if (a.night.length !== b.night.length) return a.night.length < b.night.length;
  const bySize = compareSize(nightSize(a.night, windowFromMs), nightSize(b.night, windowFromMs));
  return bySize !== 0 ? bySize < 0 : a.text < b.text;
}

/** Every ascending list of `count` indices below `size`. */
function* combinations(size: number, count: number, from = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === count) {
    yield chosen;
    return;
  }
  for (let index = from; index <= size - (count - chosen.length); index++) {
    yield* combinations(size, count, index + 1, [...chosen, index]);
  }
}

/** A night's file without the words verify adds (title, description): the night itself. */
export function nightWithoutWords(document: ScenarioDocument): Record<string, unknown> {
  const { title: _title, description: _description, ...rest } = document;
  return rest;
}
