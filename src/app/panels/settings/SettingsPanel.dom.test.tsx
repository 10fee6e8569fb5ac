import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScenarioValue } from '../../../model/loadScenario';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import s07 from '../../../presets/files/s07-fencing-off.json';
import '../../i18n';
import { SettingsPanel } from './SettingsPanel';

afterEach(cleanup);

function load(value: unknown) {
  const loaded = loadScenarioValue(value, 'test.json');
  if (!loaded.ok) throw new Error(loaded.errors.map((error) => error.message).join('; '));
  return loaded;
}

function renderPanel(value: unknown = s07) {
  const { document, scenario } = load(value);
  const onEdits = vi.fn<(edits: ScenarioEdit[]) => void>();
  render(<SettingsPanel document={document} scenario={scenario} onEdits={onEdits} />);
  return onEdits;
}

/** Types into a field and leaves it, as a person tabbing on would. */
function typeAndLeave(label: string | RegExp, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

describe('SettingsPanel: lock', () => {
  it('offers every lock kind the engine simulates', () => {
    renderPanel();
    const kind = screen.getByRole('combobox', { name: 'Lock kind' }) as HTMLSelectElement;
    expect(kind.value).toBe('shedlock');
    for (const name of ['None', 'ShedLock', 'Lease with renewal', 'Redis SET NX PX', 'etcd', 'ZooKeeper']) {
      expect((within(kind).getByRole('option', { name }) as HTMLOptionElement).disabled).toBe(false);
    }
  });

  it("switching to none drops ShedLock's keys from the file", () => {
    const onEdits = renderPanel();
    fireEvent.change(screen.getByRole('combobox', { name: 'Lock kind' }), { target: { value: 'none' } });
    const [edits] = onEdits.mock.calls[0] ?? [];
    expect(edits).toEqual([
      {
        kind: 'patchLock',
        patch: {
          kind: 'none',
          lockAtMostFor: undefined,
          lockAtLeastFor: undefined,
          time: undefined,
          token: undefined,
          tokenMint: undefined,
          keepAlive: undefined,
        },
      },
    ]);
  });

  it('shows a duration error inline and emits only a valid value', () => {
    const onEdits = renderPanel();
    const input = typeAndLeave('lockAtMostFor', '5x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('"5x" is not a duration; write e.g. "60s"')).toBeTruthy();
    typeAndLeave('lockAtMostFor', '0s');
    expect(screen.getByText('Must be longer than zero.')).toBeTruthy();
    expect(onEdits).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' 4m ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'patchLock', patch: { lockAtMostFor: '4m' } }]);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a negative lockAtLeastFor, and Escape drops the draft', () => {
    const onEdits = renderPanel();
    const input = typeAndLeave('lockAtLeastFor', '-1s') as HTMLInputElement;
    expect(screen.getByText('Cannot be negative.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('0s');
    expect(onEdits).not.toHaveBeenCalled();
  });

  it('emits the clock source, token, mint and keep-alive as they are changed', () => {
    const onEdits = renderPanel();
    fireEvent.change(screen.getByRole('combobox', { name: 'Clock for lock_until' }), { target: { value: 'app' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fencing token column' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'When the token is minted' }), {
      target: { value: 'afterLoad' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Keep-alive' }));
    expect(onEdits.mock.calls.map(([edits]) => edits[0])).toEqual([
      { kind: 'patchLock', patch: { time: 'app' } },
      { kind: 'patchLock', patch: { token: false } },
      { kind: 'patchLock', patch: { tokenMint: 'afterLoad' } },
      { kind: 'patchLock', patch: { keepAlive: true } },
    ]);
  });
});

describe('SettingsPanel: storage, job, window', () => {
  it('emits storage changes and checks the last token', () => {
    const onEdits = renderPanel();
    fireEvent.change(screen.getByRole('combobox', { name: 'Fencing mode' }), { target: { value: 'row' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unique key on the ledger' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fence on acquire' }));
    typeAndLeave('Last token', '6.5');
    expect(screen.getByText('Write a whole number, e.g. 6.')).toBeTruthy();
    typeAndLeave('Last token', '41');
    expect(onEdits.mock.calls.map(([edits]) => edits[0])).toEqual([
      { kind: 'patchStorage', patch: { fencing: 'row' } },
      { kind: 'patchStorage', patch: { uniqueKey: true } },
      { kind: 'patchStorage', patch: { fenceOnAcquire: false } },
      { kind: 'patchStorage', patch: { lastToken: 41 } },
    ]);
  });

  it('emits the job settings', () => {
    const onEdits = renderPanel();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Skip if already done' }));
    typeAndLeave('Work per item', '45s');
    expect(onEdits.mock.calls.map(([edits]) => edits[0])).toEqual([
      { kind: 'patchJob', patch: { skipIfDone: false } },
      { kind: 'patchJob', patch: { perItem: '45s' } },
    ]);
  });

  it('keeps the window end after its start', () => {
    const onEdits = renderPanel();
    typeAndLeave('To', '01:59:00');
    expect(screen.getByText('Must be after 02:00:00.')).toBeTruthy();
    typeAndLeave('From', '02:12:00');
    expect(screen.getByText('Must be before 02:12:00.')).toBeTruthy();
    expect(onEdits).not.toHaveBeenCalled();
    typeAndLeave('To', '02:15:00');
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'patchWindow', patch: { to: '02:15:00' } }]);
  });

  it('does not emit an unchanged value', () => {
    const onEdits = renderPanel();
    typeAndLeave('From', '02:00:00');
    expect(onEdits).not.toHaveBeenCalled();
  });
});

describe('SettingsPanel: replicas', () => {
  it("patches one replica's clock and trigger, keeping the rest of the nested object", () => {
    const onEdits = renderPanel();
    typeAndLeave('Clock offset of B', '-2s');
    typeAndLeave('Retry every (A)', '');
    typeAndLeave('Retry phase (C)', '5s');
    expect(onEdits.mock.calls.map(([edits]) => edits[0])).toEqual([
      { kind: 'patchReplica', index: 1, patch: { clock: { offset: '-2s' } } },
      { kind: 'patchReplica', index: 0, patch: { trigger: { at: '02:00:00', phase: '0s' } } },
      { kind: 'patchReplica', index: 2, patch: { trigger: { at: '02:00:00', every: '60s', phase: '5s' } } },
    ]);
  });

  it('adds and removes replicas', () => {
    const onEdits = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Add replica' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove replica B' }));
    expect(onEdits.mock.calls.map(([edits]) => edits[0])).toEqual([
      { kind: 'addReplica' },
      { kind: 'removeReplica', index: 1 },
    ]);
  });

  it('cannot remove the last replica nor add a tenth', () => {
    renderPanel({ format: 'leaseline/scenario', version: 1, replicas: [{ id: 'A' }] });
    expect((screen.getByRole('button', { name: 'Remove replica A' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const nine = Array.from({ length: 9 }, (_, index) => ({ id: `R${index}` }));
    renderPanel({ format: 'leaseline/scenario', version: 1, replicas: nine });
    expect((screen.getByRole('button', { name: 'Add replica' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Remove replica R0' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('SettingsPanel: the other lock kinds', () => {
  const withLock = (lock: object) => ({ ...s07, lock });

  it('shows the lease timings and writes a changed renewDeadline as typed', () => {
    const onEdits = renderPanel(withLock({ kind: 'lease' }));
    expect((screen.getByLabelText('leaseDuration') as HTMLInputElement).value).toBe('15s');
    typeAndLeave('renewDeadline', '8s');
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'patchLock', patch: { renewDeadline: '8s' } }]);
  });

  it('turns a Redis replica with failover on and picks the token source', () => {
    const onEdits = renderPanel(withLock({ kind: 'redis' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Replica with failover/ }));
    expect(onEdits).toHaveBeenLastCalledWith([
      { kind: 'patchLock', patch: { replica: { lag: '1s', promoteAfter: '5s' } } },
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Token' }), { target: { value: 'incr' } });
    expect(onEdits).toHaveBeenLastCalledWith([{ kind: 'patchLock', patch: { token: 'incr' } }]);
  });

  it('edits the Redis replica’s lag and promotion delay, keeping the other field as written', () => {
    const onEdits = renderPanel(withLock({ kind: 'redis', replica: { lag: '1s', promoteAfter: 'PT5S' } }));
    expect((screen.getByLabelText('Replication lag') as HTMLInputElement).value).toBe('1s');
    expect((screen.getByLabelText('Promoted after') as HTMLInputElement).value).toBe('PT5S');
    typeAndLeave('Replication lag', '200ms');
    expect(onEdits).toHaveBeenLastCalledWith([
      { kind: 'patchLock', patch: { replica: { lag: '200ms', promoteAfter: 'PT5S' } } },
    ]);
  });

  it('shows no replica fields without a replica', () => {
    renderPanel(withLock({ kind: 'redis' }));
    expect(screen.queryByLabelText('Replication lag')).toBeNull();
  });

  it('switches off the re-check after waiting for etcd', () => {
    const onEdits = renderPanel(withLock({ kind: 'etcd' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Re-check the key after waiting/ }));
    expect(onEdits).toHaveBeenLastCalledWith([{ kind: 'patchLock', patch: { recheckAfterWait: false } }]);
  });
});
