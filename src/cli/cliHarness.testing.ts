/**
 * Test helper: `runCli` with a fake terminal, fake files and a fake engine whose reports are
 * decided by the scenario's title ("unsafe" makes it report a double apply), and two presets
 * (one with a key that is not a field, one that does not load).
 */
import type { ResolvedScenario } from '../model/resolvedScenario';
import type { Preset } from '../presets/presetTypes';
import type { CheckReport } from '../sim/readings/checkReportTypes';
import type { CliContext, CliEngine, StatusLine } from './cliContext';
import { runCli } from './runCli';

export const HEADER = { format: 'leaseline/scenario', version: 1 };

/** A report as the engine would give it; `safe` decides the verdict. */
export function fakeReport(file: string, safe: boolean): CheckReport {
  return {
    file,
    safe,
    doubleApplied: safe ? [] : [{ order: 1003, times: 2 }],
    grants: [{ replica: 'A', token: 7, at: '02:00:00.002', until: '02:05:00.002' }],
    writes: [
      {
        replica: 'A',
        order: 1003,
        token: 7,
        sentAt: '02:07:50.000',
        at: '02:07:50.002',
        result: safe ? 'stale' : 'accepted',
      },
    ],
    runs: [
      { replica: 'A', token: 7, start: '02:00:00.000', end: null, outcome: null },
      { replica: 'B', token: null, start: '02:00:00.000', end: '02:00:00.000', outcome: 'skipped' },
    ],
    violations: safe ? [] : [{ invariant: 'I3', at: '02:07:50.002', message: 'order 1003 applied twice' }],
  };
}

/** What a harness adds to the context: the machine's cores and clock, and whether files may be written. */
export interface HarnessOptions {
  readonly cores?: number;
  readonly clockMs?: () => number;
  /** True: `writeFile` keeps the text in `written`; false (default): it throws. */
  readonly writable?: boolean;
  /** A terminal's status line (`CliContext.statusLine`); absent as on a pipe. */
  readonly statusLine?: StatusLine;
}

/** Files by name; the title "unsafe" makes the fake engine report a double apply. */
export function harness(files: Record<string, string>, engine: Partial<CliEngine> = {}, options: HarnessOptions = {}) {
  const out = { stdout: '', stderr: '' };
  const written: Record<string, string> = {};
  const presets: Preset[] = [
    {
      id: 's07-fencing-on',
      title: 'Paused holder (fencing on)',
      curriculum: ['L4', 'EX04'],
      document: { ...HEADER, title: 'on', 'x-kept': 1 },
    },
    { id: 'broken', title: 'Broken', curriculum: [], document: { ...HEADER, lock: { kind: 'mutex' } } },
  ];
  const context: CliContext = {
    io: {
      stdout: (text) => {
        out.stdout += text;
      },
      stderr: (text) => {
        out.stderr += text;
      },
      readFile: (path) => {
        const text = files[path];
        if (text === undefined) throw new Error('no such file');
        return text;
      },
      readBytes: (path) => {
        const text = files[path];
        if (text === undefined) throw new Error('no such file');
        return new TextEncoder().encode(text);
      },
      listDirectory: () => null,
      writeFile: (path, text) => {
        if (!options.writable) throw new Error('read-only in this test');
        written[path] = text;
      },
    },
    engine: {
      unsupported: () => [],
      report: (file: string, scenario: ResolvedScenario) => fakeReport(file, scenario.title !== 'unsafe'),
      simulate: () => {
        throw new Error('these tests grade nothing (tests/grading/ does, with the real engine)');
      },
      ...engine,
    },
    presets,
    version: '9.8.7-test',
    ...(options.cores === undefined ? {} : { cores: options.cores }),
    ...(options.clockMs === undefined ? {} : { clockMs: options.clockMs }),
    ...(options.statusLine === undefined ? {} : { statusLine: options.statusLine }),
  };
  return { out, written, run: (...args: string[]) => runCli(args, context) };
}

export const file = (fields: Record<string, unknown>) => JSON.stringify({ ...HEADER, ...fields });
