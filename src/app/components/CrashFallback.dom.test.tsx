import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorBoundary } from 'react-error-boundary';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import s07 from '../../presets/files/s07-fencing-off.json';
import { createDocumentStore } from '../state/documentStore';
import { StoresProvider } from '../state/stores';
import { createUiStore } from '../state/uiStore';
import { CrashFallback } from './CrashFallback';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let broken = true;
function Fragile() {
  if (broken) throw new Error('layout exploded');
  return <p>the night</p>;
}

function renderBroken() {
  const stores = { documents: createDocumentStore(s07 as ScenarioDocument, 's07-fencing-off'), ui: createUiStore() };
  // React logs the caught error; keep the test output clean.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <StoresProvider stores={stores}>
      <ErrorBoundary FallbackComponent={CrashFallback}>
        <Fragile />
      </ErrorBoundary>
    </StoresProvider>,
  );
  return stores;
}

describe('CrashFallback', () => {
  it('says what broke and offers the work as a file, as an alert', async () => {
    broken = true;
    renderBroken();
    const alert = screen.getByRole('alert', { name: 'Something went wrong on this page' });
    expect(alert.textContent).toContain('What broke: layout exploded');
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:leaseline-test';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download my work (JSON)' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const text = await created[0]?.text();
    expect(JSON.parse(text ?? '{}')).toMatchObject({ format: 'leaseline/scenario', title: s07.title });
  });

  it('renders again with Try again once the cause is gone', () => {
    broken = true;
    renderBroken();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('the night')).toBeTruthy();
  });
});
