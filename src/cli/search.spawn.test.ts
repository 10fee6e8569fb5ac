/**
 * `leaseline search`, spawned as a user runs it, against the real engine: the three exit
 * paths, the found night saved and checked again, the same output for the same seed, and
 * bad input named without a stack trace.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, savePreset as savePresetIn, temporaryFolder } from './spawnLeaseline.testing';

const TEMP = temporaryFolder('leaseline-search-');
const savePreset = (id: string): string => savePresetIn(TEMP, id);

describe('leaseline search, spawned', { timeout: 6 * SPAWN_TIMEOUT_MS }, () => {
  it('exits 1 with the found night and its report; the night, saved, checks as unsafe; same seed, same bytes', () => {
    const unfenced = savePreset('s07-fencing-off');
    const first = leaseline('search', unfenced, '--fresh', '--json', '--budget', '2000', '--seed', '3');
    expect(first.stderr).toBe('');
    expect(first.status).toBe(1);
    const found = JSON.parse(first.stdout) as {
      found: boolean;
      seed: number;
      schedulesTried: number;
      addedEventIndices: number[];
      violations: string[];
      invariants: string[];
      scenario: { title: string; events: { type: string; label: string }[] };
      report: { safe: boolean; file: string };
    };
    expect(found).toMatchObject({ found: true, seed: 3, invariants: ['I3', 'I4'], report: { safe: false } });
    expect(found.schedulesTried).toBeGreaterThan(0);
    expect(found.violations.length).toBeGreaterThan(0);
    expect(found.addedEventIndices.length).toBe(found.scenario.events.length);

    const saved = join(TEMP, 'found.json');
    writeFileSync(saved, JSON.stringify(found.scenario));
    const check = leaseline('check', saved);
    expect(check.status).toBe(1);
    expect(check.stdout.startsWith(`UNSAFE ${saved}: `)).toBe(true);

    const again = leaseline('search', unfenced, '--fresh', '--json', '--budget', '2000', '--seed', '3');
    expect(again.stdout).toBe(first.stdout);
  });

  it('says what it found in words, with the report and the night as a file, or writes it with --out', () => {
    const redis = savePreset('s10-redis-failover');
    const text = leaseline('search', redis, '--fresh', '--faults', 'redisFailover,pause');
    expect(text.status).toBe(1);
    const [headline] = text.stdout.split('\n');
    expect(headline).toMatch(
      new RegExp(
        `^FOUND a night with 1 added event that breaks ${redis}, after \\d+ nights? of pauses and Redis failovers \\(seed 1; shrunk in \\d+ steps?\\)$`,
      ),
    );
    expect(text.stdout).toContain('\n  breaks: an item applied more than once (I3)\n');
    expect(text.stdout).toContain('\nUNSAFE found night: order 1001 applied twice');
    expect(text.stdout).toContain('The Redis primary dies.');
    const marker = '--out FILE writes it):\n';
    const fileText = text.stdout.slice(text.stdout.indexOf(marker) + marker.length);
    const night = JSON.parse(fileText) as { events: { type: string }[] };
    expect(night.events.map((event) => event.type)).toEqual(['redisFailover']);

    const out = join(TEMP, 'redis-found.json');
    const written = leaseline('search', redis, '--fresh', '--faults', 'redisFailover,pause', '--out', out);
    expect(written.status).toBe(1);
    expect(written.stdout).toContain(`The found night is written to ${out}.`);
    expect(written.stdout).toContain(`\nUNSAFE ${out}: `);
    expect(readFileSync(out, 'utf8')).toBe(fileText);
  });

  it('keeps the file as it is and exits 1 at once when its own night already breaks', () => {
    const result = leaseline('search', savePreset('s07-fencing-off'));
    expect(result.status).toBe(1);
    expect(result.stdout.split('\n')[0]).toMatch(
      /already breaks with its own events: the search added nothing \(seed 1\)$/,
    );
  });

  it('exits 0 when nothing breaks within the budget, as JSON or in plain words', () => {
    const fenced = savePreset('s07-fencing-on');
    const json = leaseline('search', fenced, '--fresh', '--budget', '40', '--json');
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      found: false,
      schedulesTried: 40,
      seed: 1,
      faults: ['pause', 'pauseBeforeWrite', 'crash', 'clockJump', 'delayWrite', 'partition', 'expireLock'],
      invariants: ['I3', 'I4'],
      warnings: [],
    });
    const words = leaseline('search', fenced, '--fresh', '--budget', '40', '--seed', '9', '--faults', 'pause,crash');
    expect(words.status).toBe(0);
    expect(words.stdout).toBe(
      'NO FAILURE in 40 nights of pauses and crashes and restarts (seed 9)\n' +
        '  looked for: an item applied more than once (I3), a stale token accepted (I4)\n',
    );
  });

  it('exits 2 on a bad file or option, naming what is wrong, without a stack trace', () => {
    const missing = leaseline('search', join(TEMP, 'missing.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(`${join(TEMP, 'missing.json')}: cannot read the file: no such file\n`);

    const fenced = savePreset('s07-fencing-on');
    const budget = leaseline('search', fenced, '--budget', 'lots');
    expect(budget.status).toBe(2);
    expect(budget.stderr).toContain('leaseline: --budget takes a whole number of nights from 1 to 1000000, not "lots"');

    const fault = leaseline('search', fenced, '--faults', 'killSession');
    expect(fault.status).toBe(2);
    expect(fault.stderr).toContain('leaseline: --faults: killSession does not apply to');
    for (const result of [missing, budget, fault]) {
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
