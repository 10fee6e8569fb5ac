import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScenarioEdit } from '../../../model/scenarioEdit';
import type { EventDocument } from '../../../model/scenarioSchema';
import '../../i18n';
import { Inspector } from './Inspector';

afterEach(cleanup);

const pause: EventDocument = { id: 'p1', type: 'pause', replica: 'A', at: '02:01:30', for: '6m', label: 'GC pause' };

function renderInspector(event: EventDocument | null, index: number | null = 0) {
  const onEdits = vi.fn<(edits: ScenarioEdit[]) => void>();
  const onDelete = vi.fn<(index: number) => void>();
  const view = render(
    <Inspector
      event={event}
      index={index}
      replicaIds={['A', 'B', 'C']}
      orders={[1001, 1002, 1003]}
      nodes={['A', 'B', 'C', 'db']}
      onEdits={onEdits}
      onDelete={onDelete}
    />,
  );
  return { onEdits, onDelete, ...view };
}

function typeAndLeave(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

describe('Inspector', () => {
  it('says what to do when nothing is selected', () => {
    renderInspector(null, null);
    expect(screen.getByText(/No event is selected/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete event' })).toBeNull();
  });

  it("shows a pause's fields and emits the whole event with one field changed", () => {
    const { onEdits } = renderInspector(pause, 4);
    expect(screen.getByRole('heading', { name: 'Event: Pause, replica A' })).toBeTruthy();
    expect((screen.getByLabelText('At') as HTMLInputElement).value).toBe('02:01:30');
    typeAndLeave('For', '4m30s');
    fireEvent.change(screen.getByRole('combobox', { name: 'Replica' }), { target: { value: 'B' } });
    expect(onEdits.mock.calls.map(([edits]) => edits)).toEqual([
      [{ kind: 'setEvent', index: 4, event: { ...pause, for: '4m30s' } }],
      [{ kind: 'setEvent', index: 4, event: { ...pause, replica: 'B' } }],
    ]);
  });

  it('validates times and durations and never emits an invalid value', () => {
    const { onEdits } = renderInspector(pause);
    typeAndLeave('At', '25:00');
    expect(screen.getByText(/"25:00" is not a time of night/)).toBeTruthy();
    typeAndLeave('For', '0s');
    expect(screen.getByText('Must be longer than zero.')).toBeTruthy();
    expect(onEdits).not.toHaveBeenCalled();
  });

  it('offers nodes for a clock jump and lets its jump be negative', () => {
    const jump: EventDocument = { type: 'clockJump', node: 'db', at: '02:03:00', by: '90s' };
    const { onEdits } = renderInspector(jump, 1);
    expect((screen.getByRole('combobox', { name: 'Node' }) as HTMLSelectElement).value).toBe('db');
    typeAndLeave('Jump by', '-90s');
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'setEvent', index: 1, event: { ...jump, by: '-90s' } }]);
  });

  it('picks the order of a delayed write from the job, as a number', () => {
    const delay: EventDocument = { type: 'delayWrite', replica: 'A', order: 1003, by: '20s' };
    const { onEdits } = renderInspector(delay, 2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: '1001' } });
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'setEvent', index: 2, event: { ...delay, order: 1001 } }]);
  });

  it("keeps a span's end after its start", () => {
    const span: EventDocument = { type: 'starveRenewer', replica: 'A', from: '02:01:00', to: '02:02:00' };
    const { onEdits } = renderInspector(span);
    typeAndLeave('To', '02:00:30');
    expect(screen.getByText('Must be after 02:01:00.')).toBeTruthy();
    expect(onEdits).not.toHaveBeenCalled();
  });

  it('removes an emptied label, and deletes the event', () => {
    const { onEdits, onDelete } = renderInspector(pause, 3);
    typeAndLeave('Label', '');
    const { label: _label, ...unlabelled } = pause as EventDocument & { label?: string };
    expect(onEdits).toHaveBeenCalledWith([{ kind: 'setEvent', index: 3, event: unlabelled }]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete event' }));
    expect(onDelete).toHaveBeenCalledWith(3);
  });

  it('renders hostile text as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = renderInspector({ ...pause, replica: hostile, label: hostile });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('heading', { name: `Event: Pause, replica ${hostile}` })).toBeTruthy();
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe(hostile);
  });
});
