/** The module page escapes what students chose: a hostile name and answer stay text. */
import { describe, expect, it } from 'vitest';
import { MODULE_COLUMNS, type ModuleCell, type ModuleReport } from './gradeModule';
import { modulePage } from './modulePage';

const missing: ModuleCell = { status: 'missing', detail: '', text: null };

describe('modulePage', () => {
  it('escapes a <script> name, its answer and its flag', () => {
    const cells = Object.fromEntries(MODULE_COLUMNS.map((c) => [c, missing])) as Record<
      (typeof MODULE_COLUMNS)[number],
      ModuleCell
    >;
    const report: ModuleReport = {
      rows: [
        {
          key: 'carol',
          name: 'Carol <script>alert(1)</script>',
          cells: { ...cells, ex01: { status: 'to mark', detail: '', text: '"><img src=x onerror=alert(1)>' } },
          quiz: null,
          verdict: { kind: 'open', pending: ['quiz not given'] },
          flags: ['name also in <i>x</i>'],
          notes: [],
        },
      ],
      copies: [{ exercise: 'EX01', first: '<script>', second: 'b' }],
      sameNames: [],
      quizGiven: false,
      marksGiven: false,
    };
    const page = modulePage(report);
    expect(page).not.toMatch(/<script|<img|<i>/);
    expect(page).toContain('Carol &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page).toContain('&#34;&#62;&#60;img src=x onerror=alert(1)&#62;');
    // The written answer comes with its word count and the course's points to tick.
    expect(page).toContain('<h3>EX01 <small>(3 words)</small></h3>');
    expect(page).toContain(
      '<label><input type="checkbox"> The outbox relay can share the work with SKIP LOCKED</label>',
    );
    expect(page).toContain('Mark: ☐ pass ☐ fail');
  });
});
