import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { loadHandInFileText } from '../../model/loadHandInFile';
import { ex03Night } from '../exercise/ex03Night';
import { createDocumentStore } from '../state/documentStore';
import { StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { HandInFileDialog } from './HandInFileDialog';

const downloads: { fileName: string; text: string }[] = [];
vi.mock('../exchange/download', () => ({
  download: (fileName: string, data: string) => downloads.push({ fileName, text: data }),
}));

function mount(exercise: 'ex04' | 'ex05', prefill?: Record<string, string>) {
  const stores = { documents: createDocumentStore(ex03Night(), 'test'), ui: createUiStore() };
  const onClose = vi.fn();
  render(
    <StoresProvider stores={stores}>
      <HandInFileDialog exercise={exercise} prefill={prefill} onClose={onClose} />
    </StoresProvider>,
  );
  return { stores, onClose };
}

const field = (name: string) => screen.getByRole('textbox', { name });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save the hand-in' }));

afterEach(() => {
  cleanup();
  downloads.length = 0;
});

describe('the hand-in dialog', () => {
  it('with no name: nothing saved, the name has the focus and says why', () => {
    mount('ex04');
    fireEvent.change(field('Your SQL statement'), { target: { value: 'UPDATE state SET total = $2' } });
    save();
    expect(downloads).toEqual([]);
    expect(document.activeElement).toBe(field('Your name'));
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Give your name/)).toBeTruthy();
  });

  it("shows the loader's problem by its field: an over-long SQL text names the limit", () => {
    mount('ex04');
    fireEvent.change(field('Your name'), { target: { value: 'Alice Martin' } });
    fireEvent.change(field('Your SQL statement'), { target: { value: 'x'.repeat(5000) } });
    save();
    expect(downloads).toEqual([]);
    const sql = field('Your SQL statement');
    expect(sql.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(sql.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(described?.textContent).toContain('at most 4000');
    expect(document.activeElement).toBe(sql);
  });

  it('saves EX04 as <exercise>-<name>-<date>.json, a file the grader loads', () => {
    const { stores, onClose } = mount('ex04');
    fireEvent.change(field('Your name'), { target: { value: 'Alice Martin' } });
    const sql = 'UPDATE state SET last_token = $1, total = $2 WHERE id = $3 AND last_token <= $1';
    fireEvent.change(field('Your SQL statement'), { target: { value: sql } });
    save();
    expect(downloads).toHaveLength(1);
    const [file] = downloads;
    expect(file?.fileName).toMatch(/^ex04-alice-martin-\d{4}-\d{2}-\d{2}\.json$/);
    const loaded = loadHandInFileText(file?.text ?? '', file?.fileName ?? '');
    expect(loaded.ok && loaded.document.answer).toEqual({ sql });
    expect(stores.ui.getState().notice?.text).toContain(file?.fileName);
    expect(onClose).toHaveBeenCalled();
    // The draft stays in the UI store for the session; the scenario's history is untouched.
    expect(stores.ui.getState().handInDrafts?.byExercise.ex04?.fields.sql).toBe(sql);
    expect(stores.documents.getState().document.student).toBeUndefined();
  });

  it("EX05 starts from the sliders' durations; a bad duration is shown by its field", () => {
    mount('ex05', { lockAtMostFor: '10m', lockAtLeastFor: '0s' });
    expect((field('lockAtMostFor') as HTMLInputElement).value).toBe('10m');
    fireEvent.change(field('Your name'), { target: { value: 'Bo' } });
    fireEvent.change(field('lockAtLeastFor'), { target: { value: 'two minutes' } });
    fireEvent.change(field('Why these two durations'), {
      target: { value: 'Longer than the job, shorter than skew.' },
    });
    save();
    expect(downloads).toEqual([]);
    expect(field('lockAtLeastFor').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('lockAtLeastFor'), { target: { value: '2m' } });
    save();
    const loaded = loadHandInFileText(downloads[0]?.text ?? '', downloads[0]?.fileName ?? '');
    expect(loaded.ok && loaded.document.answer).toEqual({
      lockAtMostFor: '10m',
      lockAtLeastFor: '2m',
      text: 'Longer than the job, shorter than skew.',
    });
  });
});
