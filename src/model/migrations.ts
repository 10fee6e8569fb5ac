/**
 * Numbered migrations: every file ever written must keep loading. A step turns a document of
 * version `from` into one of version `to = from + 1`; the runner applies steps until the
 * document is current. Version 1 is the first version, so the chain is empty for now.
 */
import { describeValue, foundValue } from './describeValue';
import { detail, type ErrorDetail } from './errorDetail';
import type { ScenarioIssue } from './scenarioError';
import { SCENARIO_FORMAT } from './scenarioSchema';

export const CURRENT_VERSION = 1;

export interface Migration {
  readonly from: number;
  readonly to: number;
  /** Returns the document rewritten for version `to`; the runner sets `version` itself. Pure. */
  readonly migrate: (document: Record<string, unknown>) => Record<string, unknown>;
}

/** The chain, oldest first. Add a step (and a fixture test) whenever the format changes. */
export const MIGRATIONS: readonly Migration[] = [];

export type MigrationResult =
  | { readonly ok: true; readonly document: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly ScenarioIssue[] };

/**
 * Checks `format` and `version` and brings the document up to `currentVersion`. Pure: the
 * input is not modified. `chain` and `currentVersion` are parameters so tests can run a
 * chain that the shipped format does not have yet.
 */
export function migrateScenario(
  value: unknown,
  chain: readonly Migration[] = MIGRATIONS,
  currentVersion: number = CURRENT_VERSION,
): MigrationResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const found = describeValue(value);
    return failure(
      [],
      `a scenario file is a JSON object {"format": "${SCENARIO_FORMAT}", ...}, not ${found}`,
      detail('notAnObjectFile', { format: `"${SCENARIO_FORMAT}"`, found: foundValue(value) }),
    );
  }
  let document = value as Record<string, unknown>;
  const header = headerIssue(document, chain, currentVersion);
  if (header !== null) return { ok: false, issues: [header] };
  // Bounded by the chain's length: each step raises the version by exactly one.
  for (let version = document.version as number; version < currentVersion; version += 1) {
    const step = chain.find((candidate) => candidate.from === version);
    if (step === undefined || step.to !== version + 1) {
      return failure(
        ['version'],
        `Leaseline cannot read version ${version} files (no migration from it)`,
        detail('noMigration', { version }),
      );
    }
    document = withVersion(step.migrate(document), step.to);
  }
  return { ok: true, document };
}

function headerIssue(
  document: Record<string, unknown>,
  chain: readonly Migration[],
  currentVersion: number,
): ScenarioIssue | null {
  const { format, version } = document;
  if (format === undefined) {
    return {
      path: ['format'],
      message: `required, but missing; a scenario file starts with "format": "${SCENARIO_FORMAT}"`,
      detail: detail('formatMissing', { format: `"${SCENARIO_FORMAT}"` }),
    };
  }
  if (format !== SCENARIO_FORMAT) {
    return {
      path: ['format'],
      message: `${describeValue(format)} is not a Leaseline scenario; expected "${SCENARIO_FORMAT}"`,
      detail: detail('notFormat', { found: foundValue(format), format: `"${SCENARIO_FORMAT}"` }),
    };
  }
  if (version === undefined) {
    return {
      path: ['version'],
      message: `required, but missing; write "version": ${currentVersion}`,
      detail: detail('versionMissing', { version: currentVersion }),
    };
  }
  const oldest = Math.min(currentVersion, ...chain.map((step) => step.from));
  if (typeof version !== 'number' || !Number.isInteger(version) || version < oldest) {
    const readable = oldest === currentVersion ? `${currentVersion}` : `${oldest} to ${currentVersion}`;
    return {
      path: ['version'],
      message: `${describeValue(version)} is not a scenario version; this Leaseline reads version ${readable}`,
      detail:
        oldest === currentVersion
          ? detail('notVersion', { found: foundValue(version), version: currentVersion })
          : detail('notVersionRange', { found: foundValue(version), oldest, current: currentVersion }),
    };
  }
  if (version > currentVersion) {
    const message = `this file was written by a newer Leaseline (version ${version}); this one reads up to version ${currentVersion}`;
    return { path: ['version'], message, detail: detail('versionNewer', { version, current: currentVersion }) };
  }
  return null;
}

/** A copy of `document` with `version` replaced in place, so key order survives migration. */
function withVersion(document: Record<string, unknown>, version: number): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    Object.defineProperty(copy, key, {
      value: key === 'version' ? version : value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (!('version' in copy)) copy.version = version;
  return copy;
}

function failure(path: ScenarioIssue['path'], message: string, problem: ErrorDetail): MigrationResult {
  return { ok: false, issues: [{ path, message, detail: problem }] };
}
