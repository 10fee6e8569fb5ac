/**
 * Numbered migrations of the hand-in file, as the scenario file has (migrations.ts): a hand-in
 * written by any Leaseline must keep loading. Version 1 is the first, so the chain is empty;
 * the header is checked here, before any field is validated (validate the version you can read,
 * then migrate, then validate the current shape).
 */
import { describeValue } from './describeValue';
import { HAND_IN_FORMAT, HAND_IN_VERSION } from './handInFileSchema';
import type { Migration } from './migrations';
import type { ScenarioIssue } from './scenarioError';

/** The chain, oldest first. Add a step (and a fixture test) whenever the hand-in format changes. */
export const HAND_IN_MIGRATIONS: readonly Migration[] = [];

export type HandInMigrationResult =
  | { readonly ok: true; readonly document: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/** Checks `format` and `version` and brings the document to the current version. Pure. */
export function migrateHandIn(
  value: unknown,
  chain: readonly Migration[] = HAND_IN_MIGRATIONS,
  currentVersion: number = HAND_IN_VERSION,
): HandInMigrationResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(
      [],
      `a hand-in file is a JSON object {"format": "${HAND_IN_FORMAT}", ...}, not ${describeValue(value)}`,
    );
  }
  let document = value as Record<string, unknown>;
  const { format, version } = document;
  if (format === undefined)
    return fail(['format'], `required, but missing; a hand-in starts with "format": "${HAND_IN_FORMAT}"`);
  if (format !== HAND_IN_FORMAT) {
    const scenario = format === 'leaseline/scenario' ? ' (a scenario file is handed in for EX03 only)' : '';
    return fail(
      ['format'],
      `${describeValue(format)} is not a Leaseline hand-in; expected "${HAND_IN_FORMAT}"${scenario}`,
    );
  }
  if (version === undefined) return fail(['version'], `required, but missing; write "version": ${currentVersion}`);
  const oldest = Math.min(currentVersion, ...chain.map((step) => step.from));
  if (typeof version !== 'number' || !Number.isInteger(version) || version < oldest) {
    return fail(
      ['version'],
      `${describeValue(version)} is not a hand-in version; this Leaseline reads version ${currentVersion}`,
    );
  }
  if (version > currentVersion) {
    return fail(
      ['version'],
      `this file was written by a newer Leaseline (version ${version}); this one reads up to version ${currentVersion}`,
    );
  }
  // Bounded by the chain's length: each step raises the version by exactly one.
  for (let at = version; at < currentVersion; at += 1) {
    const step = chain.find((candidate) => candidate.from === at);
    if (step === undefined || step.to !== at + 1)
      return fail(['version'], `Leaseline cannot read version ${at} hand-ins`);
    document = { ...step.migrate(document), version: step.to };
  }
  return { ok: true, document };
}

function fail(path: ScenarioIssue['path'], message: string): HandInMigrationResult {
  return { ok: false, issues: [{ path, message }] };
}
