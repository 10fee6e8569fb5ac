/**
 * What a run left behind (tests, and `npm test` as a whole via check-leftovers.ts). Files and folders of ours in a temporary folder (by
 * their prefixes), and processes still running that carry a marker in their environment
 * (every process the lab starts, PostgreSQL and the workers, inherits the lab's environment).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** The prefixes of everything we create in the temp folder (and the package's password files). */
export const OUR_TEMP_PREFIXES = ['leaseline-', 'pg-password-'] as const;

export function ourTempEntries(folder: string): string[] {
  return readdirSync(folder).filter((name) => OUR_TEMP_PREFIXES.some((prefix) => name.startsWith(prefix)));
}

export interface RunMarker {
  readonly name: string;
  readonly value: string;
}

/** `NAME=VALUE` for a run's environment; `processesMarked` finds processes that still have it. */
export function runMarker(label: string): RunMarker {
  return { name: 'LEASELINE_TEST_RUN', value: `${label}-${process.pid}-${Date.now().toString(36)}` };
}

/** Processes (pid and command) whose environment holds the marker; Linux's /proc (none elsewhere). */
export function processesMarked(marker: RunMarker): string[] {
  if (!existsSync('/proc')) return [];
  const wanted = `${marker.name}=${marker.value}`;
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (!environment.includes(wanted)) continue;
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];
      if (state === 'Z') continue;
      found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}
