import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPreset } from '../../../tests/runPreset';
import type { Prediction } from '../../presets/lessons';
import { switchLanguage } from '../i18n';
import { withoutIsolates } from '../i18n/bidi';
import { PredictionPanel } from './PredictionPanel';

afterEach(cleanup);

const question: Prediction = {
  question: 'lessons.l5.s6.question',
  measure: { kind: 'writeResult', write: { replica: 'A', order: 1003 } },
  answers: ['accepted', 'stale', 'notSent'],
  hideFrom: '02:07:50',
  reveal: 'lessons.l5.s6.reveal',
};

describe('PredictionPanel', () => {
  it('numbers the answers for the keyboard and keeps the outcome back until a choice', () => {
    const onPredict = vi.fn();
    render(
      <PredictionPanel
        prediction={question}
        trace={runPreset('s07-fencing-on').trace}
        choice={null}
        revealed={false}
        onPredict={onPredict}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      '1. Accepted: storage applies it',
      '2. Rejected as stale',
      '3. Never sent',
    ]);
    expect(buttons.map((button) => button.getAttribute('aria-keyshortcuts'))).toEqual(['1', '2', '3']);
    expect(screen.getByText(/^Press /).textContent).toBe('Press 1, 2, 3 to choose.');
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '2. Rejected as stale' }));
    expect(onPredict).toHaveBeenCalledWith(1);
  });

  it('after the choice says what was predicted and what the night shows, measured on the trace', () => {
    const { rerender } = render(
      <PredictionPanel
        prediction={question}
        trace={runPreset('s07-fencing-on').trace}
        choice={0}
        revealed={true}
        onPredict={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'You predicted “Accepted: storage applies it”; the night shows “Rejected as stale”.',
    );
    expect(screen.getByRole('button', { name: /^2\. Rejected as stale/ }).textContent).toContain('✓');
    // The same question on the night without fencing: the answer follows the trace.
    rerender(
      <PredictionPanel
        prediction={question}
        trace={runPreset('s07-fencing-off').trace}
        choice={0}
        revealed={true}
        onPredict={() => {}}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('the night shows “Accepted: storage applies it”. Right.');
  });

  it('in Arabic, names the keys as an Arabic list', async () => {
    await switchLanguage('ar', 'western', document);
    try {
      render(
        <PredictionPanel
          prediction={question}
          trace={runPreset('s07-fencing-on').trace}
          choice={null}
          revealed={false}
          onPredict={() => {}}
        />,
      );
      expect(withoutIsolates(screen.getByText(/^اضغط/).textContent ?? '')).toBe('اضغط 1، 2، 3 لتختار.');
    } finally {
      await switchLanguage('en', 'western', document);
    }
  });
});
