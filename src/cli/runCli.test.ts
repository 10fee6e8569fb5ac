import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_OPTIONS, parseLabArgs } from '../lab/labOptions';
import { fakeReport, file, harness } from './cliHarness.testing';
import { COMMAND_TABLE, type CommandHelp } from './commandTable';

describe('check', () => {
  it('exits 0 and prints SAFE when every file is safe', () => {
    const { out, run } = harness({ 'a.json': file({}) });
    expect(run('check', 'a.json')).toBe(0);
    expect(out.stdout).toBe(
      [
        'SAFE a.json: no order applied twice, no stale token accepted',
        '  grants',
        '    A  token 7  02:00:00.002  until 02:05:00.002',
        '  writes',
        '    A  order 1003  token 7  02:07:50.000 -> 02:07:50.002  stale',
        '  runs',
        '    A  token 7  02:00:00.000 -> still running  running',
        '  skipped runs (lock denied or night already done): B 1',
        '  violations: none',
        '',
      ].join('\n'),
    );
    expect(out.stderr).toBe('');
  });

  it('exits 1 and gives the reason when any file is unsafe', () => {
    const { out, run } = harness({ 'a.json': file({}), 's07.json': file({ title: 'unsafe' }) });
    expect(run('check', 'a.json', 's07.json')).toBe(1);
    expect(out.stdout).toContain('\nUNSAFE s07.json: order 1003 applied twice\n');
    expect(out.stdout).toContain('    I3  02:07:50.002  order 1003 applied twice\n');
    expect(out.stdout.endsWith('\n2 files: 1 safe, 1 unsafe, 0 invalid\n')).toBe(true);
  });

  it('exits 2 when any file is invalid, naming file, path and problem on stderr', () => {
    const { out, run } = harness({
      's07.json': file({ title: 'unsafe' }),
      'bad.json': file({ replicas: [{}, { trigger: { every: '60 seconds' } }] }),
    });
    expect(run('check', 's07.json', 'bad.json', 'missing.json')).toBe(2);
    expect(out.stderr).toBe(
      [
        'bad.json: replicas[1].trigger.every: "60 seconds" is not a duration; write e.g. "60s"',
        'missing.json: cannot read the file: no such file',
        '',
      ].join('\n'),
    );
    expect(out.stdout).toContain('INVALID bad.json: not checked (the reasons are on standard error)\n');
    expect(out.stdout).toContain('3 files: 0 safe, 1 unsafe, 2 invalid\n');
  });

  it('treats a scenario the engine cannot simulate as invalid, with the path', () => {
    const { out, run } = harness(
      { 'lease.json': file({ lock: { kind: 'lease' } }) },
      { unsupported: () => [{ path: 'lock.kind', message: '"lease" is not simulated yet' }] },
    );
    expect(run('check', 'lease.json')).toBe(2);
    expect(out.stderr).toBe('lease.json: lock.kind: "lease" is not simulated yet\n');
  });

  it('reports an engine crash as one plain line, not a stack trace', () => {
    const { out, run } = harness(
      { 'a.json': file({}) },
      {
        report: () => {
          throw new Error('simulation exceeded 1000000 steps');
        },
      },
    );
    expect(run('check', 'a.json')).toBe(2);
    expect(out.stderr).toBe(
      'a.json: the simulator failed on this file (a bug in Leaseline, please report it): simulation exceeded 1000000 steps\n',
    );
  });

  it('prints one object for one file with --json, and an array for several, each with its warnings', () => {
    const { out, run } = harness({ 'a.json': file({}), 'bad.json': '{' });
    expect(run('check', '--json', 'a.json')).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({ ...fakeReport('a.json', true), warnings: [] });
    out.stdout = '';
    expect(run('check', 'a.json', 'bad.json', '--json')).toBe(2);
    expect(JSON.parse(out.stdout)).toEqual([
      { ...fakeReport('a.json', true), warnings: [] },
      {
        file: 'bad.json',
        errors: [
          {
            path: '$',
            message:
              'not valid JSON: line 1, column 2: expected a property name in double quotes, found the end of the file',
          },
        ],
        warnings: [],
      },
    ]);
  });
});

describe('link', () => {
  it('prints a share link, with the default or a given base', () => {
    const { out, run } = harness({ 'a.json': file({}) });
    expect(run('link', 'a.json')).toBe(0);
    expect(out.stdout).toMatch(/^http:\/\/localhost:5173\/#s=1\.[A-Za-z0-9_-]+\n$/);
    out.stdout = '';
    expect(run('link', 'a.json', '--base', 'https://leaseline.example/')).toBe(0);
    expect(out.stdout).toMatch(/^https:\/\/leaseline\.example\/#s=1\./);
    out.stdout = '';
    expect(run('link', '--base=https://x.example/app', 'a.json')).toBe(0);
    expect(out.stdout).toMatch(/^https:\/\/x\.example\/app#s=1\./);
  });

  it('refuses an invalid file with exit 2', () => {
    const { out, run } = harness({ 'bad.json': file({ lock: { kind: 'mutex' } }) });
    expect(run('link', 'bad.json')).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain('bad.json: lock.kind: "mutex" is not a lock kind;');
  });
});

describe('presets', () => {
  it('lists id, title and curriculum items', () => {
    const { out, run } = harness({});
    expect(run('presets')).toBe(0);
    expect(out.stdout).toBe(
      [
        'ID              TITLE                       CURRICULUM',
        's07-fencing-on  Paused holder (fencing on)  L4, EX04',
        'broken          Broken',
        '',
      ].join('\n'),
    );
  });

  it('prints one preset as a scenario file, unknown keys kept', () => {
    const { out, run } = harness({});
    expect(run('preset', 's07-fencing-on')).toBe(0);
    expect(out.stdout).toBe(
      '{\n  "format": "leaseline/scenario",\n  "version": 1,\n  "title": "on",\n  "x-kept": 1\n}\n',
    );
  });

  it('exits 2 for an unknown id, listing the known ones', () => {
    const { out, run } = harness({});
    expect(run('preset', 's99')).toBe(2);
    expect(out.stderr).toBe('leaseline: there is no preset "s99"; the presets are: s07-fencing-on, broken\n');
  });

  it('exits 2 rather than print a preset that is not a valid file', () => {
    const { out, run } = harness({});
    expect(run('preset', 'broken')).toBe(2);
    expect(out.stderr).toContain('broken.json: lock.kind: "mutex" is not a lock kind;');
  });
});

describe('the command line', () => {
  it('lists every command of the table on help, --help and -h', () => {
    for (const args of [['help'], ['--help'], ['-h']]) {
      const { out, run } = harness({});
      expect(run(...args)).toBe(0);
      const listed = [...out.stdout.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]);
      expect(listed).toEqual(COMMAND_TABLE.map((command) => command.name));
      expect(listed).toContain('lab');
      expect(out.stdout).toContain('check FILE... [--json]');
    }
  });

  it.each(COMMAND_TABLE.map((command) => [command.name]))(
    "gives %s --help the command's own synopsis, every option and every exit status",
    (name) => {
      const command = COMMAND_TABLE.find((entry) => entry.name === name) as CommandHelp;
      for (const args of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
        ['--help', name],
      ]) {
        const { out, run } = harness({});
        expect(run(...args)).toBe(0);
        expect(out.stdout).toMatch(new RegExp(`^Usage: npx leaseline ${name}\\b`));
        expect(out.stdout).not.toContain('Commands:');
        for (const option of command.options) expect(out.stdout).toMatch(new RegExp(`^ {2}${option.flag}\\b`, 'm'));
        for (const exit of command.exits) expect(out.stdout).toMatch(new RegExp(`^ {2}${exit.status} +\\S`, 'm'));
        expect(out.stderr).toBe('');
      }
    },
  );

  it("explains what each of check's exit statuses means", () => {
    const { out, run } = harness({});
    expect(run('check', 'a.json', '--help')).toBe(0);
    expect(out.stdout).toContain('  --json');
    expect(out.stdout).toMatch(/^ {2}0 +every file is safe$/m);
    expect(out.stdout).toMatch(/^ {2}1 +some file is unsafe/m);
    expect(out.stdout).toMatch(/^ {2}2 +some file is invalid/m);
    expect(out.stdout).not.toContain('trace FILE');
  });

  it('prints the version on --version and version', () => {
    for (const args of [['--version'], ['version']]) {
      const { out, run } = harness({});
      expect(run(...args)).toBe(0);
      expect(out.stdout).toBe('leaseline 9.8.7-test\n');
    }
  });

  it('names every command of the table, lab included, when the command is unknown', () => {
    const { out, run } = harness({});
    expect(run('frobnicate')).toBe(2);
    const names = COMMAND_TABLE.map((command) => command.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'check',
        'trace',
        'search',
        'verify',
        'grade',
        'link',
        'presets',
        'preset',
        'lab',
        'version',
        'help',
      ]),
    );
    expect(out.stderr).toContain(`the commands are ${names.join(', ')}\n`);
  });

  it("lists in lab's help only options the lab accepts, and the lab's defaults", () => {
    const lab = COMMAND_TABLE.find((command) => command.name === 'lab') as CommandHelp;
    /** A valid value for each placeholder; `a|b` takes its first choice. */
    const sample: Readonly<Record<string, string>> = {
      URL: 'postgres://localhost/x',
      N: '3',
      DUR: '5m',
      MS: '1000', // valid for --scale (1 to 1000) and --deadline-ms (1000 to 3600000)
      '"CMD"': 'true',
      FILE: 'night.json',
    };
    for (const option of lab.options) {
      const value = option.value === undefined ? [] : [sample[option.value] ?? option.value.split('|')[0] ?? ''];
      const parsed = parseLabArgs([option.flag, ...value]);
      expect(typeof parsed === 'string' ? `${option.flag}: ${parsed}` : option.flag).toBe(option.flag);
    }
    expect(lab.options.find((option) => option.flag === '--replicas')?.meaning).toContain(
      `default ${DEFAULT_LAB_OPTIONS.replicas}`,
    );
    expect(lab.options.find((option) => option.flag === '--scale')?.meaning).toContain(
      `default ${DEFAULT_LAB_OPTIONS.scale}`,
    );
  });

  it.each([
    [[], 'leaseline: no command given'],
    [
      ['frobnicate'],
      'leaseline: unknown command "frobnicate"; the commands are check, trace, search, verify, grade, link, presets, preset, lab, version, help',
    ],
    [['version', 'x'], 'leaseline: version takes no arguments'],
    [
      ['help', 'frobnicate'],
      'leaseline: help takes one command of check, trace, search, verify, grade, link, presets, preset, lab, version, help; not "frobnicate"',
    ],
    [['grade'], 'leaseline: grade needs an exercise; the exercises are ex03, ex04, ex05, lab, module'],
    [
      ['grade', 'ex07', 'a.json'],
      'leaseline: grade knows no exercise "ex07"; the exercises are ex03, ex04, ex05, lab, module',
    ],
    [['grade', 'ex04', 'a.json'], 'leaseline: grade ex04 is run by the leaseline command itself, not here'],
    [['grade', 'ex03'], 'leaseline: grade needs at least one FILE or folder'],
    [['grade', 'ex03', '--json', 'a.json'], 'leaseline: grade has no option --json'],
    [['check'], 'leaseline: check needs at least one FILE'],
    [['check', '--jsn', 'a.json'], 'leaseline: check has no option --jsn'],
    [['link'], 'leaseline: link needs exactly one FILE'],
    [['link', 'a.json', '--base'], 'leaseline: --base needs a value'],
    [['presets', 'x'], 'leaseline: presets takes no arguments'],
    [['search'], 'leaseline: search needs exactly one FILE'],
    [['search', 'a.json', 'b.json'], 'leaseline: search needs exactly one FILE'],
    [['search', 'a.json', '--frsh'], 'leaseline: search has no option --frsh'],
    [['search', 'a.json', '--budget'], 'leaseline: --budget needs a value'],
    [
      ['search', 'a.json', '--budget', '0'],
      'leaseline: --budget takes a whole number of nights from 1 to 1000000, not "0"',
    ],
    [
      ['search', 'a.json', '--budget=5k'],
      'leaseline: --budget takes a whole number of nights from 1 to 1000000, not "5k"',
    ],
    [
      ['search', 'a.json', '--seed', '1.5'],
      'leaseline: --seed takes a whole number from -2147483648 to 2147483647, not "1.5"',
    ],
    [
      ['search', 'a.json', '--faults', 'pause,nap'],
      'leaseline: --faults knows no fault "nap"; the faults are pause, pauseBeforeWrite, crash, clockJump, delayWrite, partition, starveRenewer, redisFailover, killSession, expireLock',
    ],
    [
      ['search', 'a.json', '--invariants', 'I3,I7'],
      'leaseline: --invariants knows no invariant "I7"; the search checks I1, I2, I3, I4, I5, I6 (I7 judges the configuration, not a night)',
    ],
    [['preset'], 'leaseline: preset needs exactly one ID (see: presets)'],
  ])('refuses %j with exit 2', (args, message) => {
    const { out, run } = harness({});
    expect(run(...args)).toBe(2);
    expect(out.stderr).toBe(`${message}\nRun "npx leaseline help" for usage.\n`);
  });

  it('reads a file whose name starts with "-" after "--"', () => {
    const { run } = harness({ '-odd.json': file({}) });
    expect(run('check', '--', '-odd.json')).toBe(0);
  });
});

describe('search', () => {
  it('refuses a fault that does not apply to the file, naming the ones that do', () => {
    const { out, run } = harness({ 'a.json': file({}) });
    expect(run('search', 'a.json', '--faults', 'pause,redisFailover')).toBe(2);
    expect(out.stderr).toBe(
      'leaseline: --faults: redisFailover does not apply to a.json (lock shedlock); the faults that apply are pause, pauseBeforeWrite, crash, clockJump, delayWrite, partition, expireLock\n',
    );
    expect(out.stdout).toBe('');
  });

  it('refuses an invalid, unreadable or unsupported file with exit 2, naming file and path', () => {
    const { out, run } = harness({ 'bad.json': file({ lock: { kind: 'mutex' } }) });
    expect(run('search', 'bad.json')).toBe(2);
    expect(out.stderr).toContain('bad.json: lock.kind: "mutex" is not a lock kind;');
    out.stderr = '';
    expect(run('search', 'missing.json')).toBe(2);
    expect(out.stderr).toBe('missing.json: cannot read the file: no such file\n');
    const refusing = harness(
      { 'a.json': file({}) },
      { unsupported: () => [{ path: 'lock.kind', message: 'not simulated here' }] },
    );
    expect(refusing.run('search', 'a.json')).toBe(2);
    expect(refusing.out.stderr).toBe('a.json: lock.kind: not simulated here\n');
    expect(refusing.out.stdout).toBe('');
  });
});
