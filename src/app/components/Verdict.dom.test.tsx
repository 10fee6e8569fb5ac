import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { scenarioWarnings } from '../../model/loadScenario';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { switchLanguage } from '../i18n';
import { withoutIsolates } from '../i18n/bidi';
import { type Night, nightOf } from '../state/night';
import { Verdict } from './Verdict';

afterEach(cleanup);

// S07 with fencing off, as docs/scenario-format.md's example report tells it: B's late duplicate of 1003.
function presetNight(id: string): Night {
  const preset = findPreset(id);
  if (!preset) throw new Error(id);
  return nightOf(preset.document as ScenarioDocument, `${id}.json`);
}

describe('Verdict', () => {
  it('announces an unsafe night with the order and both writes, earlier first, starting with "Unsafe"', () => {
    render(<Verdict night={presetNight('s07-fencing-off')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50; 2 more orders too.',
    );
  });

  it('announces a safe night with the stale write fencing rejected, starting with "Safe"', () => {
    render(<Verdict night={presetNight('s07-fencing-on')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Safe: every order applied at most once; the stale write by A with token 7 at 02:07:50 was rejected.',
    );
  });

  it('says how often an order was applied, and names writes without a token', () => {
    render(<Verdict night={presetNight('s01-no-lock')} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Unsafe: order 1001 applied 3 times, by A at 02:00:50, by B at 02:00:50, and by C at 02:00:50; 4 more orders too.',
    );
  });

  it.each([
    ['s16-outbox-skip-locked', 'Safe: every outbox row published, none twice.'],
    ['s16-outbox-for-update', 'Safe: every outbox row published, none twice.'],
    [
      's16-outbox-crash-before-commit',
      'Unsafe: outbox row 11 published twice, by B at 02:00:00.16 and by A at 02:00:06.05; 3 more rows too.',
    ],
    ['s17-digest-claim-then-send', 'Safe: the digest email sent once.'],
    ['s18-cleanup-idempotent', 'Safe: every expired row deleted; a second delete changes nothing.'],
    ['s03a-holder-crashes-no-retry', "Safe: no order applied twice, but the night's run was missed."],
  ])('speaks of %s in its job’s words', (id, text) => {
    render(<Verdict night={presetNight(id)} />);
    expect(screen.getByRole('status').textContent).toBe(text);
  });

  it('lists the errors of an invalid file with their JSON paths', () => {
    const night = nightOf({
      format: 'leaseline/scenario',
      version: 1,
      events: [{ type: 'pause' }],
    } as ScenarioDocument);
    render(<Verdict night={night} />);
    expect(screen.getByRole('status').textContent).toContain('events[0]');
  });

  it('names keys that are not fields under the verdict, outside its live region, with the key meant', () => {
    const preset = findPreset('s07-fencing-off');
    if (!preset) throw new Error('s07-fencing-off');
    const misspelt = {
      ...(preset.document as ScenarioDocument),
      lock: { kind: 'shedlock', lockAtMostFr: '5m' },
    } as ScenarioDocument;
    render(<Verdict night={nightOf(misspelt)} warnings={scenarioWarnings(misspelt, 'typo.json')} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Safe: /);
    const warnings = screen.getByTestId('key-warnings');
    expect(warnings.textContent).toBe(
      '⚠ Warning: this file has keys that are not fields of the scenario format; the verdict above is for the night without them.' +
        'lock.lockAtMostFr is not a field of a shedlock lock; did you mean lockAtMostFor?',
    );
    expect(screen.getByRole('status').contains(warnings)).toBe(false);
  });

  it('names them in Arabic too, the path and the key meant as written', async () => {
    await switchLanguage('ar', 'western', document);
    try {
      const night = presetNight('s07-fencing-on');
      const misspelt = { format: 'leaseline/scenario', version: 1, storage: { fencng: 'job' } };
      render(<Verdict night={night} warnings={scenarioWarnings(misspelt, 'typo.json')} />);
      const items = screen.getAllByRole('listitem').map((item) => withoutIsolates(item.textContent ?? ''));
      expect(items).toEqual(['storage.fencng ليس حقلًا في إعدادات التخزين؛ هل تقصد fencing؟']);
      expect(screen.getByTestId('key-warnings').textContent).toContain('تنبيه');
    } finally {
      await switchLanguage('en', 'western', document);
    }
  });

  it('shows nothing more when every key is a field', () => {
    render(<Verdict night={presetNight('s07-fencing-on')} warnings={[]} />);
    expect(screen.queryByTestId('key-warnings')).toBeNull();
  });
});
