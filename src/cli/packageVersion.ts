/**
 * This copy's version, as package.json says: the one place a release sets it, so
 * `leaseline --version` cannot disagree with what npm installed.
 */
import { readFileSync } from 'node:fs';

/** The `version` of the project's package.json (two folders above this file). */
export function packageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}
