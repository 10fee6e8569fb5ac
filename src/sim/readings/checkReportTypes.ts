/**
 * The `leaseline check --json` report of one scenario, exactly as docs/scenario-format.md specifies it.
 * Times are true times of night formatted `hh:mm:ss.mmm`.
 */

export type WriteResult = 'accepted' | 'stale' | 'duplicate';
export type RunOutcome = 'done' | 'aborted' | 'crashed' | 'skipped';

export interface ReportGrant {
  readonly replica: string;
  readonly token: number | null;
  readonly at: string;
  readonly until: string | null;
}

export interface ReportWrite {
  readonly replica: string;
  readonly order: number;
  readonly token: number | null;
  readonly sentAt: string;
  readonly at: string;
  readonly result: WriteResult;
}

export interface ReportRun {
  readonly replica: string;
  readonly token: number | null;
  readonly start: string;
  readonly end: string | null;
  readonly outcome: RunOutcome | null;
}

export interface ReportViolation {
  readonly invariant: 'I1' | 'I2' | 'I3' | 'I4' | 'I5' | 'I6' | 'I7';
  readonly at: string;
  readonly message: string;
}

export interface CheckReport {
  readonly file: string;
  readonly safe: boolean;
  readonly doubleApplied: readonly { readonly order: number; readonly times: number }[];
  readonly grants: readonly ReportGrant[];
  readonly writes: readonly ReportWrite[];
  readonly runs: readonly ReportRun[];
  readonly violations: readonly ReportViolation[];
  /**
   * Leaseline extension (optional): present only when the night asked for more steps than the
   * engine runs (e.g. polls every millisecond for two days) and stopped early at this time.
   */
  readonly truncatedAt?: string;
}
