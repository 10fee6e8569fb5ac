import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { findPreset } from '../../presets/catalogue';
import { type Night, nightOf } from '../state/night';
import '../i18n';
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
});
