/**
 * `leaseline grade` spawned as an instructor runs it (`npx tsx src/cli/main.ts`), on a folder
 * with a JSON hand-in, the same answer as a PNG, and a foreign file: exit statuses, the CSV on
 * stdout and the reasons on stderr, no stack traces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseline, SPAWN_TIMEOUT_MS, temporaryFolder } from '../../src/cli/spawnLeaseline.testing';
import { embedScenarioInPng } from '../../src/model/pngScenario';
import { tinyPng } from '../../src/model/tinyPng.testing';

const TEMP = temporaryFolder('leaseline-grade-spawn-');
const EXPLANATION =
  'A takes the lock with token 7 and stalls in a 6-minute GC pause. Its lease runs out at 02:05; B takes over with token 8 and applies #1003-#1005. A wakes up still believing it holds the lock and writes #1003 again: applied twice.';

describe('leaseline grade, spawned', { timeout: 3 * SPAWN_TIMEOUT_MS }, () => {
  it('grades a folder of JSON and PNG hand-ins, naming the foreign file', () => {
    const answer = readFileSync(join(import.meta.dirname, 'hand-ins', 'alice-complete.json'), 'utf8');
    writeFileSync(join(TEMP, 'alice.json'), answer);
    writeFileSync(join(TEMP, 'alice.png'), embedScenarioInPng(tinyPng(), answer));
    writeFileSync(join(TEMP, 'zed.png'), Uint8Array.of(0xff, 0xd8, 0xff, 0xdb));

    const folder = leaseline('grade', 'ex03', '--csv', TEMP);
    expect(folder.stdout.replaceAll(`${TEMP}/`, '').split('\n')).toEqual([
      'file,name,acquires,stalls,expires,takeover,resumesWrites,bothApplied,score,verdict,flags,words,error,explanation,warnings',
      `alice.json,Alice Martin,yes,yes,yes,yes,yes,yes,6,complete,,44,,${EXPLANATION},`,
      `alice.png,Alice Martin,yes,yes,yes,yes,yes,yes,6,complete,,44,,${EXPLANATION},`,
      'zed.png,,,,,,,,,invalid,,,"it is a JPEG image, not a Leaseline hand-in; export the hand-in from Leaseline as PNG or as the JSON scenario file",,',
      '',
    ]);
    expect(folder.stderr).toBe(
      `${TEMP}/zed.png: it is a JPEG image, not a Leaseline hand-in; export the hand-in from Leaseline as PNG or as the JSON scenario file\n`,
    );
    expect(folder.status).toBe(2);

    const one = leaseline('grade', 'ex03', join(TEMP, 'alice.png'));
    expect(one.status).toBe(0);
    expect(one.stdout.split('\n')[0]).toBe(`${join(TEMP, 'alice.png')}: complete`);
    expect(one.stderr).toBe('');

    // --html writes the page of the whole class, with the PNG's picture inside it.
    const page = join(TEMP, 'class.html');
    const html = leaseline('grade', 'ex03', TEMP, '--html', page);
    expect(html.status).toBe(2);
    const text = readFileSync(page, 'utf8');
    expect(text.match(/<article /g)).toHaveLength(3);
    expect(text).toContain('<img alt="The night as the student exported it" src="data:image/png;base64,');
  });
});
