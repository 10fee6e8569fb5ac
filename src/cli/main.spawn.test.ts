/**
 * The real command, spawned as a user runs it (`npx tsx src/cli/main.ts`), against the real
 * engine and presets: exit statuses, stdout/stderr split, no stack traces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeShareFragment } from '../model/shareLink';
import { leaseline, SPAWN_TIMEOUT_MS, savePreset as savePresetIn, temporaryFolder } from './spawnLeaseline.testing';

const TEMP = temporaryFolder('leaseline-cli-');
const savePreset = (id: string): string => savePresetIn(TEMP, id);

describe('leaseline, spawned', { timeout: 4 * SPAWN_TIMEOUT_MS }, () => {
  it('checks saved presets: exit 0 when safe, 1 when unsafe, with the reason', () => {
    const fencingOn = savePreset('s07-fencing-on');
    const fencingOff = savePreset('s07-fencing-off');
    const safe = leaseline('check', fencingOn);
    expect(safe.status).toBe(0);
    expect(safe.stdout.startsWith(`SAFE ${fencingOn}: `)).toBe(true);
    expect(safe.stdout).toMatch(/ A {2}order 1003 {2}token 7 {2}\S+ -> \S+ {2}stale\n/);

    const both = leaseline('check', '--json', fencingOn, fencingOff);
    expect(both.status).toBe(1);
    const reports = JSON.parse(both.stdout) as { file: string; safe: boolean; doubleApplied: unknown[] }[];
    expect(reports.map((report) => [report.file, report.safe])).toEqual([
      [fencingOn, true],
      [fencingOff, false],
    ]);
    expect(reports[1]?.doubleApplied).toContainEqual({ order: 1003, times: 2 });

    const unsafe = leaseline('check', fencingOff);
    expect(unsafe.status).toBe(1);
    expect(unsafe.stdout.split('\n')[0]).toMatch(new RegExp(`^UNSAFE ${fencingOff}: order 1003 applied twice`));
  });

  it('names a misspelt key of the flagship with the key meant, on stderr and in --json', () => {
    const flagship = JSON.parse(readFileSync(savePreset('s07-fencing-off'), 'utf8'));
    const { lockAtMostFor, ...lock } = flagship.lock;
    const typo = join(TEMP, 'typo.json');
    writeFileSync(typo, JSON.stringify({ ...flagship, lock: { ...lock, lockAtMostFr: lockAtMostFor } }, null, 2));
    const sentence = 'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?';
    // The default 30-minute lease is in force, so the night is safe: the warning is what says why.
    const result = leaseline('check', typo);
    expect(result.status).toBe(0);
    expect(result.stdout.startsWith(`SAFE ${typo}: `)).toBe(true);
    expect(result.stderr).toBe(`${typo}: warning: ${sentence}\n`);
    const json = leaseline('check', '--json', typo);
    expect(JSON.parse(json.stdout).warnings).toEqual([
      { path: 'lock.lockAtMostFr', message: sentence, meant: 'lockAtMostFor' },
    ]);
  });

  it('exits 2 for an invalid or missing file, naming file and path, without a stack trace', () => {
    const bad = join(TEMP, 's07.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'leaseline/scenario',
        version: 1,
        replicas: [{}, { trigger: { every: '60 seconds' } }],
      }),
    );
    const result = leaseline('check', bad, join(TEMP, 'missing.json'));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `${bad}: replicas[1].trigger.every: "60 seconds" is not a duration; write e.g. "60s"\n` +
        `${join(TEMP, 'missing.json')}: cannot read the file: no such file\n`,
    );
    expect(result.stdout).not.toMatch(/\n\s+at /);
  });

  it('prints a link that opens the same scenario, lists presets, and refuses unknown commands', () => {
    const file = savePreset('s02-shedlock-happy-path');
    const link = leaseline('link', file);
    expect(link.status).toBe(0);
    const decoded = decodeShareFragment(link.stdout.trim());
    expect(decoded.ok && decoded.document.title).toBe('ShedLock happy path');

    const presets = leaseline('presets');
    expect(presets.status).toBe(0);
    expect(presets.stdout).toMatch(/^ID +TITLE +CURRICULUM\n/);
    expect(presets.stdout).toMatch(/\ns07-fencing-on +Paused holder/);

    const unknown = leaseline('frobnicate');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('leaseline: unknown command "frobnicate"');
    expect(unknown.stderr).toContain(', lab,');
  });

  it("prints package.json's version, and lab's own help without starting a database", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    const version = leaseline('--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`leaseline ${manifest.version}\n`);

    const labHelp = leaseline('lab', '--help');
    expect(labHelp.status).toBe(0);
    expect(labHelp.stdout).toMatch(/^Usage: npx leaseline lab /);
    expect(labHelp.stdout).toMatch(/^ {2}--worker "CMD" /m);
    expect(labHelp.stdout).not.toContain('Commands:');
  });
  it('traces a night: one line per entry, or with --json every entry and every statement with its SQL', () => {
    const fencingOn = savePreset('s07-fencing-on');
    const text = leaseline('trace', fencingOn);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(
      /^02:07:50\.002 db {2}\[A #\d+\] UPDATE recon_fence SET last_token = 7 .* -- 0 rows: stale$/m,
    );

    const json = leaseline('trace', '--json', fencingOn);
    expect(json.status).toBe(0);
    const trace = JSON.parse(json.stdout) as {
      format: string;
      violations: unknown[];
      entries: {
        kind: string;
        at: string;
        statement?: { kind: string; values: unknown; sql: string; target: string };
        rows?: number;
        outcome?: string;
      }[];
    };
    expect(trace.format).toBe('leaseline/trace');
    const lines = text.stdout.trimEnd().split('\n');
    // Every entry is there (the text adds one line per violation).
    expect(trace.entries.length + trace.violations.length).toBe(lines.length);
    const stale = trace.entries.find((entry) => entry.kind === 'sql' && entry.outcome === 'stale');
    expect(stale).toMatchObject({
      at: '02:07:50.002',
      rows: 0,
      statement: {
        kind: 'fenceJob',
        target: 'postgresql',
        values: { token: 7 },
        sql: "UPDATE recon_fence SET last_token = 7 WHERE job_id = 'nightly-reconciliation' AND last_token <= 7",
      },
    });

    const missing = leaseline('trace');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^leaseline: trace needs exactly one FILE\n/);
  });
});
