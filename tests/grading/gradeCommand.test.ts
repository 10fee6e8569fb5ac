/**
 * `leaseline grade ex03` over a class's worth of hand-ins made for the test: the JSON files in
 * hand-ins/ (correct answers, partial ones, wrong ones, broken ones) and PNGs made here from a
 * tiny image, graded through the real file system, loader and engine.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliContext } from '../../src/cli/cliContext';
import { nodeIo } from '../../src/cli/nodeIo';
import { runCli } from '../../src/cli/runCli';
import { simulatorEngine } from '../../src/cli/simulatorEngine';
import { embedScenarioInPng } from '../../src/model/pngScenario';
import { tinyPng } from '../../src/model/tinyPng.testing';
import { PRESETS } from '../../src/presets/catalogue';

const FIXTURES = join(import.meta.dirname, 'hand-ins');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
let root = '';
let classDir = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'leaseline-grade-'));
  classDir = join(root, 'class');
  mkdirSync(join(classDir, 'pngs'), { recursive: true });
  mkdirSync(join(classDir, '.git'));
  for (const name of readdirSync(FIXTURES)) writeFileSync(join(classDir, name), fixture(name));
  const alicePng = embedScenarioInPng(tinyPng(), fixture('alice-complete.json'));
  writeFileSync(join(classDir, 'pngs', 'alice-complete.png'), alicePng);
  writeFileSync(
    join(classDir, 'pngs', 'dave-partial-fenced.PNG'),
    embedScenarioInPng(tinyPng(), fixture('dave-partial-fenced.json')),
  );
  writeFileSync(join(classDir, 'pngs', 'no-scenario.png'), tinyPng());
  writeFileSync(
    join(classDir, 'pngs', 'photo.png'),
    Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46),
  );
  writeFileSync(join(classDir, 'pngs', 'truncated.png'), alicePng.subarray(0, alicePng.length / 2));
  writeFileSync(join(classDir, 'broken-cut-short.json'), fixture('alice-complete.json').slice(0, 300));
  writeFileSync(join(classDir, 'notes.txt'), 'not a hand-in; the folder walk skips it');
  writeFileSync(join(classDir, '.git', 'config.json'), '{}');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the command against the real file system and engine, capturing both streams. */
function grade(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  const context: CliContext = {
    io: {
      ...nodeIo,
      stdout: (text) => {
        out.stdout += text;
      },
      stderr: (text) => {
        out.stderr += text;
      },
    },
    engine: simulatorEngine,
    presets: PRESETS,
    version: '0.0.0-test',
  };
  const status = runCli(['grade', 'ex03', ...args], context);
  return { status, ...out, relative: (text: string) => text.replaceAll(`${classDir}/`, '') };
}

/** `file: verdict` lines of the human report, paths relative to the class folder. */
const verdicts = (result: ReturnType<typeof grade>) =>
  result
    .relative(result.stdout)
    .split('\n')
    .filter((line) => /^\S.*: (complete|partial|invalid)/.test(line));

describe('grade ex03', () => {
  it('grades a folder recursively: correct, partial, wrong and broken hand-ins, each by name', () => {
    const result = grade(classDir);
    expect(verdicts(result)).toEqual([
      'alice-complete.json: complete',
      // Retitled and relabelled, but the flagship's night: labels do not hide a copy.
      'bob-complete-hostile-labels.json: complete [flagged: identical to built-in preset s07-fencing-off]',
      'broken-bad-duration.json: invalid: events[0].for: "6 minutes" is not a duration; write e.g. "60s"',
      'broken-cut-short.json: invalid: not valid JSON: line 7, column 172: a string is not closed; add the missing "',
      'broken-newer-version.json: invalid: version: this file was written by a newer Leaseline (version 2); this one reads up to version 1',
      'broken-wrong-format.json: invalid: format: required, but missing; a scenario file starts with "format": "leaseline/scenario"',
      'carol-complete-c-holds.json: complete',
      'dave-partial-fenced.json: partial (5/6) [flagged: identical to built-in preset s07-fencing-on]',
      'erin-partial-no-takeover.json: partial (3/6)',
      'frank-partial-short-pause.json: partial (2/6)',
      'grace-wrong-crash.json: partial (1/6)',
      'heidi-wrong-no-lock.json: partial (0/6)',
      'ivan-empty-night.json: partial (1/6) [flagged: no explanation]',
      // The untouched flagship exported from the playground: complete, and every flag says why not.
      'judy-flagship-untouched.json: complete [flagged: not an exercise; identical to built-in preset s07-fencing-off; no explanation]',
      // EX03 opened, then a preset picked: an exercise and an explanation, but not the student's night.
      'kim-ex03-then-preset.json: complete [flagged: identical to built-in preset s07-fencing-off]',
      'liam-no-explanation.json: complete [flagged: no explanation]',
      'mia-text-named.png: invalid: it is not a PNG: the name ends in .png but the file holds text; export the hand-in from Leaseline as PNG or as the JSON scenario file',
      'pngs/alice-complete.png: complete',
      'pngs/dave-partial-fenced.PNG: partial (5/6) [flagged: identical to built-in preset s07-fencing-on]',
      'pngs/no-scenario.png: invalid: the PNG holds no Leaseline scenario (no "leaseline-scenario" text chunk); export the hand-in from Leaseline',
      'pngs/photo.png: invalid: it is a JPEG image, not a Leaseline hand-in; export the hand-in from Leaseline as PNG or as the JSON scenario file',
      'pngs/truncated.png: invalid: the PNG is cut short: its iTXt chunk at byte 59 needs 1492 bytes of data',
    ]);
    expect(result.stdout.endsWith('\n22 files: 7 complete, 7 partial, 8 invalid; 7 flagged\n')).toBe(true);
    expect(result.status).toBe(2);
    // Every invalid file is named on stderr too, with its JSON path.
    expect(result.relative(result.stderr).split('\n').filter(Boolean)).toHaveLength(8);
    expect(result.relative(result.stderr)).toContain('broken-bad-duration.json: events[0].for: "6 minutes"');
  });

  it('prints the checklist of each file, with replicas and times', () => {
    const result = grade(join(classDir, 'alice-complete.json'), join(classDir, 'dave-partial-fenced.json'));
    expect(result.relative(result.stdout)).toBe(
      [
        'alice-complete.json: complete',
        '  student: Alice Martin',
        '  explanation: 44 words',
        '  [x]  acquires       A is granted the lock                                 02:00:00.002',
        '  [x]  stalls         A stalls while holding it                             02:01:20.000',
        "  [x]  expires        A's lease expires while A still believes it holds it  02:05:00.002",
        '  [x]  takeover       B acquires and writes (accepted)                      02:06:00.003',
        "  [x]  resumesWrites  A resumes and writes after B's grant                  02:07:40.000",
        '  [x]  bothApplied    the same item is applied by both (double apply, I3)   02:07:40.002',
        'dave-partial-fenced.json: partial (5/6) [flagged: identical to built-in preset s07-fencing-on]',
        '  student: Dave',
        '  explanation: 7 words',
        '  [x]  acquires       A is granted the lock                                 02:00:00.002',
        '  [x]  stalls         A stalls while holding it                             02:01:30.000',
        "  [x]  expires        A's lease expires while A still believes it holds it  02:05:00.002",
        '  [x]  takeover       B acquires and writes (accepted)                      02:06:00.003',
        "  [x]  resumesWrites  A resumes and writes after B's grant                  02:07:50.000",
        '  [ ]  bothApplied    the same item is applied by both (double apply, I3)',
        '',
        '2 files: 1 complete, 1 partial, 0 invalid; 1 flagged',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('names X and Y when the night shows nobody', () => {
    const result = grade(join(classDir, 'heidi-wrong-no-lock.json'));
    expect(result.relative(result.stdout)).toBe(
      [
        'heidi-wrong-no-lock.json: partial (0/6)',
        '  student: Heidi',
        '  explanation: 4 words',
        '  [ ]  acquires       X is granted the lock',
        '  [ ]  stalls         X stalls while holding it',
        "  [ ]  expires        X's lease expires while X still believes it holds it",
        '  [ ]  takeover       Y acquires and writes (accepted)',
        "  [ ]  resumesWrites  X resumes and writes after Y's grant",
        '  [ ]  bothApplied    the same item is applied by both (double apply, I3)',
        '',
      ].join('\n'),
    );
  });

  it('exits 0 when every file was graded, complete or not', () => {
    const files = ['alice-complete.json', 'grace-wrong-crash.json', 'ivan-empty-night.json'];
    expect(grade(...files.map((name) => join(classDir, name))).status).toBe(0);
  });

  it('grades a PNG exactly as the JSON it carries', () => {
    const fromJson = grade('--csv', join(classDir, 'alice-complete.json'));
    const fromPng = grade('--csv', join(classDir, 'pngs', 'alice-complete.png'));
    expect(fromPng.stdout.split('\n')[1]?.replace('pngs/alice-complete.png', 'alice-complete.json')).toBe(
      fromJson.stdout.split('\n')[1],
    );
  });

  it('prints a gradebook table with --csv, quoted where needed', () => {
    const names = [
      'alice-complete.json',
      'dave-partial-fenced.json',
      'broken-bad-duration.json',
      'pngs/photo.png',
      'missing.json',
    ];
    const result = grade('--csv', ...names.map((name) => join(classDir, name)));
    expect(result.relative(result.stdout)).toBe(
      [
        'file,name,acquires,stalls,expires,takeover,resumesWrites,bothApplied,score,verdict,flags,words,error,explanation,warnings',
        'alice-complete.json,Alice Martin,yes,yes,yes,yes,yes,yes,6,complete,,44,,A takes the lock with token 7 and stalls in a 6-minute GC pause. Its lease runs out at 02:05; B takes over with token 8 and applies #1003-#1005. A wakes up still believing it holds the lock and writes #1003 again: applied twice.,',
        'dave-partial-fenced.json,Dave,yes,yes,yes,yes,yes,no,5,partial (5/6),identical to built-in preset s07-fencing-on,7,,With fencing the late write is rejected.,',
        'broken-bad-duration.json,,,,,,,,,invalid,,,"events[0].for: ""6 minutes"" is not a duration; write e.g. ""60s""",,',
        'pngs/photo.png,,,,,,,,,invalid,,,"it is a JPEG image, not a Leaseline hand-in; export the hand-in from Leaseline as PNG or as the JSON scenario file",,',
        'missing.json,,,,,,,,,invalid,,,cannot read the file: no such file,,',
        '',
      ].join('\n'),
    );
    expect(result.status).toBe(2);
  });

  it('escapes control and bidi characters in file names, and guards spreadsheet formulas', () => {
    const hostile = join(root, '=HYPERLINK(x)\u202Egnp.json');
    writeFileSync(hostile, fixture('alice-complete.json'));
    const text = grade(hostile);
    expect(text.stdout.startsWith(`${root}/=HYPERLINK(x)\\u{202E}gnp.json: complete\n`)).toBe(true);
    const relative = grade('--csv', '--', '=HYPERLINK(x)\u202Egnp.json');
    expect(relative.stdout.split('\n')[1]).toBe(
      "'=HYPERLINK(x)\\u{202E}gnp.json,,,,,,,,,invalid,,,cannot read the file: no such file,,",
    );
  });

  it('never prints what students wrote in labels, titles or explanations', () => {
    const result = grade(join(classDir, 'bob-complete-hostile-labels.json'));
    expect(result.stdout).not.toMatch(/[<>\u200F\u202C\u202E\u2066\u2069]|alert|template/);
  });

  it('says so when a folder holds no hand-ins, and fails when nothing was graded', () => {
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const result = grade(empty);
    expect(result.stderr).toBe(`leaseline: ${empty}: the folder holds no *.json or *.png files\n`);
    expect(result.stdout).toBe('\n0 files: 0 complete, 0 partial, 0 invalid; 0 flagged\n');
    expect(result.status).toBe(2);
  });
});
