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

function mount(exercise: 'ex01' | 'ex04' | 'ex05' | 'ex06' | 'lab1', prefill?: Record<string, string>) {
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

  it('with no name and no SQL: both fields say so at once, the name has the focus', () => {
    mount('ex04');
    save();
    expect(downloads).toEqual([]);
    expect(field('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Your SQL statement').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Your name'));
    expect(screen.getByText('Not saved: 2 problems to fix, shown by their fields.')).toBeTruthy();
  });

  it('saves EX06 with the night on screen only when asked', () => {
    const review = 'SET NX alone is not exactly-once; fence the payouts.';
    for (const attach of [false, true]) {
      mount('ex06');
      fireEvent.change(field('Your name'), { target: { value: 'Chen Li' } });
      fireEvent.change(field('Your review'), { target: { value: review } });
      if (attach) fireEvent.click(screen.getByRole('checkbox', { name: 'Attach the night on screen' }));
      save();
      cleanup();
    }
    const [plain, attached] = downloads.map((file) => loadHandInFileText(file.text, file.fileName));
    expect(plain?.ok && plain.document.exercise === 'ex06' && plain.document.answer).toEqual({ text: review });
    expect(attached?.ok && attached.document.exercise === 'ex06' && attached.document.answer.night).toMatchObject({
      format: 'leaseline/scenario',
    });
  });

  it('saves LAB1 as the folder and the command the grader runs', () => {
    mount('lab1');
    fireEvent.change(field('Your name'), { target: { value: 'Dana' } });
    fireEvent.change(field("The worker's folder"), { target: { value: ' worker ' } });
    fireEvent.change(field('The start command'), { target: { value: 'node lab-worker.mjs' } });
    save();
    expect(downloads[0]?.fileName).toMatch(/^lab1-dana-\d{4}-\d{2}-\d{2}\.json$/);
    const loaded = loadHandInFileText(downloads[0]?.text ?? '', downloads[0]?.fileName ?? '');
    expect(loaded.ok && loaded.document.answer).toEqual({ folder: 'worker', command: 'node lab-worker.mjs' });
  });

  it('refuses a blank EX01 answer by its field', () => {
    mount('ex01');
    fireEvent.change(field('Your name'), { target: { value: 'Eli' } });
    save();
    expect(downloads).toEqual([]);
    expect(field('Your answer').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Your answer'));
  });
});
