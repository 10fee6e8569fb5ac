/**
 * This copy's version, as package.json says: the one place a release sets it, so
 * `leaseline --version` cannot disagree with what npm installed.
 */
import { readFileSync } from 'node:fs';

/**
 * The `version` of the project's package.json: two folders above this file in `src/cli/`,
 * one above the built `dist-cli/leaseline.mjs`.
 */
export function packageVersion(): string {
  const manifestUrl = new URL(
    import.meta.url.endsWith('.ts') ? '../../package.json' : '../package.json',
    import.meta.url,
  );
  const manifest: unknown = JSON.parse(readFileSync(manifestUrl, 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}
