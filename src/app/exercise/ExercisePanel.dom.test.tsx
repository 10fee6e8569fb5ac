import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { createDocumentStore } from '../state/documentStore';
import { nightOf } from '../state/night';
import { type Stores, StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { ExercisePanel } from './ExercisePanel';
import { EXPLANATION_BURST_MS } from './ExplanationField';
import { ex03Night } from './ex03Night';

function Panel({ stores, document }: { readonly stores: Stores; readonly document: ScenarioDocument }) {
  const night = nightOf(document);
  return (
    <StoresProvider stores={stores}>
      <ExercisePanel document={document} night={night.kind === 'ok' ? night : null} />
    </StoresProvider>
  );
}

function mount(document: ScenarioDocument) {
  const stores = { documents: createDocumentStore(document, 'exercise-ex03'), ui: createUiStore() };
  const view = render(<Panel stores={stores} document={document} />);
  // Re-render on every commit, as App does.
  stores.documents.subscribe((state) => view.rerender(<Panel stores={stores} document={state.document} />));
  return stores;
}

const type = (text: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: 'Your explanation' }), { target: { value: text } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the EX03 panel', () => {
  it('on the empty night: only "A acquires" is shown, with its time', () => {
    mount(ex03Night());
    const items = within(screen.getByRole('list', { name: 'What the night shows' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '✓A acquires the leaseShown at 02:00:00.002, replica A',
      '○A stalls while holding itNot yet',
      "○A's lease expiresNot yet",
      '○B acquires the lease and writesNot yet',
      '○A resumes and writesNot yet',
      '○Both writes are appliedNot yet',
    ]);
    expect(screen.getByText('1 of 6 shown')).toBeTruthy();
  });

  it('ticks all six for the drawn answer and points at the fencing follow-up', () => {
    mount({ ...ex03Night(), events: [{ type: 'pause', replica: 'A', at: '02:01:30', for: '6m' }] });
    expect(screen.getByText('All six steps are shown: the night is an unsafe lease.')).toBeTruthy();
    expect(screen.getByText(/^Follow-up: switch Fencing on/)).toBeTruthy();
  });

  it('follows a drag in progress (the night the chart shows), as the verdict does', () => {
    const stores = mount(ex03Night());
    const origin = stores.documents.getState().document;
    const answer = { ...ex03Night(), events: [{ type: 'pause' as const, replica: 'A', at: '02:01:30', for: '6m' }] };
    // As the chart sets it for a night that fits a frame: the preview is shown at once.
    act(() => stores.ui.getState().set({ dragOrigin: origin, dragPreview: answer, dragShown: answer }));
    expect(screen.getByText('All six steps are shown: the night is an unsafe lease.')).toBeTruthy();
    act(() => stores.ui.getState().set({ dragOrigin: null, dragPreview: null, dragShown: null }));
    expect(screen.getByText('1 of 6 shown')).toBeTruthy();
  });

  it('keeps the night on screen while a newer preview is still being simulated', () => {
    const stores = mount(ex03Night());
    const origin = stores.documents.getState().document;
    const answer = { ...ex03Night(), events: [{ type: 'pause' as const, replica: 'A', at: '02:01:30', for: '6m' }] };
    act(() => stores.ui.getState().set({ dragOrigin: origin, dragPreview: answer, dragShown: origin }));
    expect(screen.getByText('1 of 6 shown')).toBeTruthy();
    act(() => stores.ui.getState().set({ dragShown: answer }));
    expect(screen.getByText('All six steps are shown: the night is an unsafe lease.')).toBeTruthy();
  });

  it('with fencing switched on afterwards, says what fencing changed on this night', () => {
    const answer = { ...ex03Night(), events: [{ type: 'pause' as const, replica: 'A', at: '02:01:30', for: '6m' }] };
    mount({ ...answer, storage: { ...answer.storage, fencing: 'job' as const } });
    expect(screen.getByText(/^Fencing is on: 1 late write was rejected as stale/)).toBeTruthy();
    expect(screen.getByText('5 of 6 shown')).toBeTruthy();
  });

  it('commits the explanation once per burst of typing, and Undo puts the earlier text back', () => {
    const stores = mount(ex03Night());
    type('A');
    type('A st');
    type('A stalls');
    act(() => vi.advanceTimersByTime(EXPLANATION_BURST_MS + 10));
    type('A stalls; B takes over.');
    act(() => vi.advanceTimersByTime(EXPLANATION_BURST_MS + 10));
    expect(stores.documents.temporal.getState().pastStates).toHaveLength(2);
    expect(stores.documents.getState().document.explanation).toBe('A stalls; B takes over.');
    act(() => stores.documents.temporal.getState().undo());
    expect(screen.getByRole('textbox', { name: 'Your explanation' })).toHaveProperty('value', 'A stalls');
  });

  it('keeps markup and bidi controls as typed, shown as text', () => {
    const stores = mount(ex03Night());
    const hostile = '<img src=x onerror=alert(1)> \u202Etxt.exe';
    type(hostile);
    fireEvent.blur(screen.getByRole('textbox', { name: 'Your explanation' }));
    expect(stores.documents.getState().document.explanation).toBe(hostile);
    expect(document.querySelector('img')).toBeNull();
  });
});
