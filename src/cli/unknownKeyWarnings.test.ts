/**
 * Keys that are not fields, through every command that reads a scenario or a hand-in: one
 * `file: warning: ...` line each on stderr with the key meant, `"warnings"` in `--json`, and
 * the exit status the file would have without the key (a warning is not an error).
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../sim/simulate';
import { fakeReport, file, harness } from './cliHarness.testing';

const MISSPELT_LEASE = file({ lock: { kind: 'shedlock', lockAtMostFr: '5m' } });
const LEASE_WARNING =
  'typo.json: warning: lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?\n';
const LEASE_JSON = {
  path: 'lock.lockAtMostFr',
  message: 'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?',
  meant: 'lockAtMostFor',
};

describe('check', () => {
  it('warns about a misspelt key on stderr and keeps the exit status of the night', () => {
    const { out, run } = harness({ 'typo.json': MISSPELT_LEASE });
    expect(run('check', 'typo.json')).toBe(0);
    expect(out.stderr).toBe(LEASE_WARNING);
    expect(out.stdout.startsWith('SAFE typo.json: ')).toBe(true);
  });

  it('lists the warnings under "warnings" in --json, file by file', () => {
    const unsafe = file({ title: 'unsafe', storage: { fencng: 'job' } });
    const { out, run } = harness({ 'typo.json': MISSPELT_LEASE, 'unsafe.json': unsafe, 'plain.json': file({}) });
    expect(run('check', '--json', 'typo.json', 'unsafe.json', 'plain.json')).toBe(1);
    expect(JSON.parse(out.stdout)).toEqual([
      { ...fakeReport('typo.json', true), warnings: [LEASE_JSON] },
      {
        ...fakeReport('unsafe.json', false),
        warnings: [
          {
            path: 'storage.fencng',
            message: 'storage.fencng is not a field of the storage settings; did you mean fencing?',
            meant: 'fencing',
          },
        ],
      },
      { ...fakeReport('plain.json', true), warnings: [] },
    ]);
  });

  it('warns beside the errors of an invalid file, where the misspelling is the cause', () => {
    const pause = { type: 'pause', replica: 'A', at: '02:01:30', fr: '6m' };
    const { out, run } = harness({ 'bad.json': file({ events: [pause], 'x-note': 1 }) });
    expect(run('check', '--json', 'bad.json')).toBe(2);
    expect(out.stderr).toBe(
      'bad.json: events[0].for: required, but missing\n' +
        'bad.json: warning: events[0].fr is not a field of a pause event; did you mean for?\n' +
        'bad.json: warning: ["x-note"] is not a field of a scenario file; it is kept, but changes nothing\n',
    );
    expect(JSON.parse(out.stdout)).toMatchObject({
      file: 'bad.json',
      warnings: [
        { path: 'events[0].fr', meant: 'for' },
        { path: '["x-note"]', meant: null },
      ],
    });
  });

  it('shows a key that holds terminal controls as escapes, not as controls', () => {
    const { out, run } = harness({ 'odd.json': file({ 'evil\u001b[2J\u202e': 1 }) });
    expect(run('check', 'odd.json')).toBe(0);
    expect(out.stderr.includes('\u001b') || out.stderr.includes('\u202e')).toBe(false);
    expect(out.stderr).toContain('\\u{202E}');
  });
});

describe('trace, link, search, preset and grade', () => {
  it('trace warns on stderr and lists the warnings in --json', () => {
    const { out, run } = harness({ 'typo.json': MISSPELT_LEASE }, { simulate });
    expect(run('trace', '--json', 'typo.json')).toBe(0);
    expect(out.stderr).toBe(LEASE_WARNING);
    expect(JSON.parse(out.stdout).warnings).toEqual([LEASE_JSON]);
    out.stdout = '';
    out.stderr = '';
    expect(run('trace', 'typo.json')).toBe(0);
    expect(out.stderr).toBe(LEASE_WARNING);
  });

  it('link warns on stderr and still prints the link (the key travels in it)', () => {
    const { out, run } = harness({ 'typo.json': MISSPELT_LEASE });
    expect(run('link', 'typo.json')).toBe(0);
    expect(out.stderr).toBe(LEASE_WARNING);
    expect(out.stdout).toMatch(/#s=1\./);
  });

  it('search warns on stderr and lists the warnings in --json', () => {
    const { out, run } = harness({ 'typo.json': MISSPELT_LEASE });
    const status = run('search', 'typo.json', '--json', '--budget', '3', '--seed', '1');
    expect([0, 1]).toContain(status);
    expect(out.stderr).toBe(LEASE_WARNING);
    expect(JSON.parse(out.stdout).warnings).toEqual([LEASE_JSON]);
  });

  it('preset warns about a key of the preset that is not a field', () => {
    const { out, run } = harness({});
    expect(run('preset', 's07-fencing-on')).toBe(0);
    expect(out.stderr).toBe(
      's07-fencing-on.json: warning: ["x-kept"] is not a field of a scenario file; it is kept, but changes nothing\n',
    );
  });

  it('grade warns about a hand-in key by file, and grades it', () => {
    const handIn = file({ exercise: 'ex03', student: 'Alice', explanaton: 'A paused while holding the lock.' });
    const { out, run } = harness({ 'alice.json': handIn }, { simulate });
    expect(run('grade', 'ex03', 'alice.json')).toBe(0);
    expect(out.stderr).toBe(
      'alice.json: warning: explanaton is not a field of a scenario file; did you mean explanation?\n',
    );
    expect(out.stdout).toContain('alice.json');
  });

  it("grade's gradebook and page name the ignored key, so a 'no explanation' flag has its reason", () => {
    const handIn = file({ exercise: 'ex03', student: 'Alice', explanaton: 'A paused <b>qxz</b> holding the lock.' });
    const { out, run, written } = harness({ 'alice.json': handIn }, { simulate }, { writable: true });
    expect(run('grade', 'ex03', '--csv', '--html', 'page.html', 'alice.json')).toBe(0);
    const [header, row] = out.stdout.split('\n');
    expect(header?.split(',').at(-1)).toBe('warnings');
    expect(row?.endsWith(',explanaton is not a field of a scenario file; did you mean explanation?')).toBe(true);
    const page = written['page.html'] ?? '';
    expect(page).toContain(
      '<p class="flags">Keys that are not fields: <bdi>explanaton is not a field of a scenario file; did you mean explanation?</bdi></p>',
    );
    // What the student wrote under the misspelt key is not printed, as text or as markup.
    expect(page).not.toContain('qxz');
  });
});
