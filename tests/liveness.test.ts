/**
 * I6 means "tonight's work is not done" in each job's own terms: every outbox row published,
 * the digest sent, the reconciliation and the cleanup marked done. The right patterns raise
 * nothing; a night that really leaves work undone says what is left, in the job's words.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioValue } from '../src/model/loadScenario';
import { findPreset } from '../src/presets/catalogue';
import { buildCheckReport } from '../src/sim/readings/checkReport';
import { simulate } from '../src/sim/simulate';
import { runPreset } from './runPreset';

function runWith(id: string, patch: (document: Record<string, unknown>) => Record<string, unknown>) {
  const preset = findPreset(id);
  if (!preset) throw new Error(`no preset ${id}`);
  const document = patch(structuredClone(preset.document) as Record<string, unknown>);
  const loaded = loadScenarioValue(document, `${id}.json`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return buildCheckReport(`${id}.json`, loaded.scenario, simulate(loaded.scenario));
}

const i6 = (report: { violations: readonly { invariant: string; message: string }[] }) =>
  report.violations.filter((violation) => violation.invariant === 'I6').map((violation) => violation.message);

describe('I6 per job', () => {
  it.each([
    's16-outbox-skip-locked',
    's16-outbox-for-update',
    's16-outbox-crash-before-commit',
    's16-outbox-no-lock',
    's17-digest-claim-then-send',
    's17-digest-send-then-claim',
    's18-cleanup-idempotent',
  ])('%s finishes its work: no I6', (id) => {
    expect(i6(runPreset(id).report)).toEqual([]);
  });

  it('the reconciliation still reports a missed run in its own words (S03a)', () => {
    expect(i6(runPreset('s03a-holder-crashes-no-retry').report)).toEqual([
      'run missed: the night was not marked done and no run is in progress',
    ]);
  });

  it('an outbox whose relays all die leaves rows unsent, and says how many', () => {
    const report = runWith('s16-outbox-skip-locked', (document) => ({
      ...document,
      events: ['A', 'B', 'C'].map((replica, index) => ({
        id: `x${index}`,
        type: 'crash',
        replica,
        at: '02:00:00.300',
      })),
    }));
    expect(i6(report)).toEqual([
      'not every row published: 30 of 30 outbox rows still unsent and no relay is working on them',
    ]);
  });

  it('a digest whose recorder dies before sending is a missed digest, though the record says sent', () => {
    const report = runWith('s17-digest-claim-then-send', (document) => ({
      ...document,
      events: [{ id: 'x1', type: 'crash', replica: 'A', at: '02:00:02.500' }],
    }));
    expect(report.writes).toEqual([]);
    expect(i6(report)).toEqual(["digest not sent: no replica sent tonight's email and no run is in progress"]);
  });
});
