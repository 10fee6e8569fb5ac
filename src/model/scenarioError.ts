import type { ErrorDetail } from './errorDetail';
import type { PathSegment } from './jsonPath';

/** One thing wrong with a scenario, before it is tied to a file: where, and what. */
export interface ScenarioIssue {
  /** Segments of the JSON path; empty for the whole document. */
  readonly path: readonly PathSegment[];
  readonly message: string;
  /** The same as data, for a translated sentence; absent where only English exists. */
  readonly detail?: ErrorDetail;
}

/** One thing wrong with a scenario file, as shown to people and printed by `leaseline check`. */
export interface ScenarioError {
  /** The file name, or "share link", or whatever the caller named the input. */
  readonly source: string;
  /** JSON path such as `replicas[1].trigger.every`; `$` for the whole document. */
  readonly path: string;
  /** Plain text, never a stack trace; the CLI prints it. */
  readonly message: string;
  /** The same as data (errorDetail.ts), which the app renders in the reader's language. */
  readonly detail?: ErrorDetail;
}

/** `s07.json: replicas[1].trigger.every: "60 seconds" is not a duration; write e.g. "60s"`. Pure. */
export function formatScenarioError(error: ScenarioError): string {
  const where = error.path === '' || error.path === '$' ? '' : `${error.path}: `;
  return `${error.source}: ${where}${error.message}`;
}

/**
 * Something in a scenario file that loads but may not say what its writer meant: a key that
 * is not a field (unknownKeys.ts). The night is simulated as if the key were not there.
 */
export interface ScenarioWarning {
  readonly source: string;
  /** JSON path of the key, e.g. `lock.lockAtMostFr`; `$` for a summary of many. */
  readonly path: string;
  /** The whole sentence, path included: `lock.lockAtMostFr is not a field of ...; did you mean lockAtMostFor?` */
  readonly message: string;
  /** The known field one or two edits away, or null. */
  readonly meant: string | null;
  readonly detail: ErrorDetail;
}

/** `s07.json: warning: lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?`. Pure. */
export function formatScenarioWarning(warning: ScenarioWarning): string {
  return `${warning.source}: warning: ${warning.message}`;
}
