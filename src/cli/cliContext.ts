/**
 * Everything a command touches outside its arguments, passed in so that commands are plain
 * functions: tests give them a fake terminal, fake files and a fake engine.
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { Preset } from '../presets/presetTypes';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import type { Trace } from '../sim/trace';

export interface CliIo {
  /** Writes text as given (commands add their own newlines). */
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The file's text; throws an Error whose message a person can read ("no such file"). */
  readonly readFile: (path: string) => string;
  /** The file's bytes, refusing files over `maxBytes`; throws like `readFile`. */
  readonly readBytes: (path: string, maxBytes: number) => Uint8Array;
  /** A folder's entries (symbolic links are not followed into), or null when `path` is no folder. */
  readonly listDirectory: (path: string) => readonly DirectoryEntry[] | null;
  /** Writes (or replaces) a text file; throws an Error a person can read. */
  readonly writeFile: (path: string, text: string) => void;
}

export interface DirectoryEntry {
  readonly name: string;
  readonly isDirectory: boolean;
}

/** A problem that stops a valid scenario from being simulated, with its JSON path. */
export interface EngineRefusal {
  readonly path: string;
  readonly message: string;
}

export interface CliEngine {
  /** What this engine cannot simulate in `scenario`; empty when it can. */
  readonly unsupported: (scenario: ResolvedScenario) => readonly EngineRefusal[];
  /** Simulates the night and reports it; may throw only on a bug in the engine. */
  readonly report: (file: string, scenario: ResolvedScenario) => CheckReport;
  /** Simulates the night (for `grade`); may throw only on a bug in the engine. */
  readonly simulate: (scenario: ResolvedScenario) => Trace;
}

export interface CliContext {
  readonly io: CliIo;
  readonly engine: CliEngine;
  readonly presets: readonly Preset[];
  /** This copy's version (`leaseline --version`). */
  readonly version: string;
  /** Cores this machine has (`verify --workers`); absent: 1. */
  readonly cores?: number;
  /**
   * A clock in ms for what a command reports as its own duration (`verify`'s `elapsedMs`),
   * and for nothing else; absent: always 0, so tests print the same bytes every run.
   */
  readonly clockMs?: () => number;
  /**
   * A line rewritten in place on a terminal's stderr, for how far a long command is
   * (`verify`); absent when stderr is not a terminal, so pipes, files and tests get none.
   */
  readonly statusLine?: StatusLine;
}

/** One status line on a terminal: `show` replaces it, `clear` removes it before the answer is printed. */
export interface StatusLine {
  readonly show: (text: string) => void;
  readonly clear: () => void;
}

/** Exit statuses of `check` (docs/scenario-format.md), shared by every command. */
export const EXIT_OK = 0;
export const EXIT_UNSAFE = 1;
/** An invalid or unreadable file, or a command line that does not parse. */
export const EXIT_INVALID = 2;
