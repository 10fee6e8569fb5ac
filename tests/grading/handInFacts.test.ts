/**
 * The flags a grader must see, on the hand-ins of tests/grading/hand-ins and on presets: the
 * untouched flagship, a preset picked after opening EX03, a missing explanation; and the page
 * of every hand-in, with everything a student wrote escaped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GradeOutcome } from '../../src/cli/gradeCommand';
import { escapeHtml, gradePage } from '../../src/cli/gradePage';
import { handInFacts, scenarioShape, wordCount } from '../../src/model/handInFacts';
import { loadScenarioText } from '../../src/model/loadScenario';
import { embedScenarioInPng } from '../../src/model/pngScenario';
import { tinyPng } from '../../src/model/tinyPng.testing';
import { PRESETS } from '../../src/presets/catalogue';
import { ex03Checklist } from '../../src/sim/readings/ex03Checklist';
import { simulate } from '../../src/sim/simulate';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'hand-ins', name), 'utf8');

function facts(text: string) {
  const loaded = loadScenarioText(text, 'hand-in.json');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return { loaded, facts: handInFacts(loaded.document, loaded.scenario, PRESETS, 'ex03') };
}

describe('hand-in flags', () => {
  it('the untouched flagship: not an exercise, identical to S07, no explanation', () => {
    expect(facts(fixture('judy-flagship-untouched.json')).facts).toEqual({
      name: null,
      flags: ['not an exercise', 'identical to built-in preset s07-fencing-off', 'no explanation'],
      words: 0,
      explanation: '',
    });
  });

  it('compares the scenario, not the bytes: retitled, relabelled, re-keyed and reformatted is still S07', () => {
    const document = JSON.parse(fixture('kim-ex03-then-preset.json')) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(document).reverse());
    const text = JSON.stringify({ ...reordered, title: 'Mine, honestly', description: 'all my own work' });
    expect(facts(text).facts.flags).toEqual(['identical to built-in preset s07-fencing-off']);
  });

  it('a night the student changed is not a preset', () => {
    expect(facts(fixture('alice-complete.json')).facts).toMatchObject({ name: 'Alice Martin', flags: [], words: 44 });
  });

  it('an explanation of spaces and line breaks is no explanation', () => {
    expect(facts(fixture('liam-no-explanation.json')).facts).toMatchObject({ flags: ['no explanation'], words: 0 });
  });

  it('counts words as a reader does', () => {
    expect(wordCount("B's write of #1003 — applied twice.")).toBe(6);
    expect(wordCount('  \n ')).toBe(0);
    expect(wordCount('Ａは ロックを 取る')).toBe(3);
  });
});

describe('the page of every hand-in', () => {
  it('escapes what students wrote and embeds PNG pictures', () => {
    const text = fixture('alice-complete.json').replace(
      '"student": "Alice Martin"',
      '"student": "<img src=x onerror=alert(1)>\\u202e"',
    );
    const { loaded, facts: handIn } = facts(
      text.replace('applied twice.', 'applied twice. </p><script>alert(2)</script>'),
    );
    const outcome: GradeOutcome = {
      kind: 'graded',
      file: 'class/"alice".png',
      checklist: ex03Checklist(loaded.scenario, simulate(loaded.scenario)),
      facts: handIn,
      png: embedScenarioInPng(tinyPng(), text),
      shape: scenarioShape(loaded.scenario),
    };
    const broken: GradeOutcome = {
      kind: 'invalid',
      file: '<b>zed</b>.png',
      errors: [{ source: 'zed', path: '$', message: 'it is a JPEG image' }],
    };
    const page = gradePage([outcome, broken]);
    expect(page).not.toMatch(/<script>|<img src=x|<b>zed/);
    expect(page).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(page).toContain('&#60;/p&#62;&#60;script&#62;alert(2)&#60;/script&#62;');
    expect(page).toContain('class/&#34;alice&#34;.png');
    expect(page).toContain('src="data:image/png;base64,iVBORw0KGgo');
    expect(page).toContain('<li class="done">A is granted the lock');
    expect(page).toContain('invalid: <bdi>it is a JPEG image</bdi>');
    expect(page).toContain("default-src 'none'");
  });

  it('escapes the five characters that can start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;');
  });
});
