import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../model/scenarioSchema';
import { findPreset } from '../presets/catalogue';
import { FAULT_KINDS } from '../search/faultKinds';
import { searchSpace } from '../search/searchSpace';
import { faultAlphabet, gridInstantsMs } from './faultAlphabet';
import { VERIFY_BOUNDS_DEFAULT } from './verifyBounds';

const documentOf = (id: string) => findPreset(id)?.document as ScenarioDocument;
const TWO_AM = 2 * 3_600_000;

describe('faultAlphabet', () => {
  it('puts instants at the window start, then every grid step, strictly before the end', () => {
    expect(gridInstantsMs(TWO_AM, TWO_AM + 30_000, 10_000)).toEqual([TWO_AM, TWO_AM + 10_000, TWO_AM + 20_000]);
    expect(gridInstantsMs(TWO_AM, TWO_AM + 25_000, 10_000)).toEqual([TWO_AM, TWO_AM + 10_000, TWO_AM + 20_000]);
  });

  it("has as many elements of each kind as docs/verify.md's table says", () => {
    // The unfenced flagship: 3 replicas, 5 items, a 12-minute window; shedlock without keepAlive.
    const space = searchSpace(documentOf('s07-fencing-off'), { fresh: true });
    const bounds = { ...VERIFY_BOUNDS_DEFAULT, gridMs: 60_000, durationsMs: [10_000, 60_000, 300_000] };
    const instants = 12;
    const expected: Record<string, number> = {
      pause: 3 * instants * 3,
      pauseBeforeWrite: 3 * 5 * 3,
      crash: 3 * instants * (3 + 1),
      clockJump: (3 + 1) * instants * 3 * 2,
      delayWrite: 3 * 5 * 3,
      partition: 3 * instants * 3,
      expireLock: instants,
    };
    for (const kind of FAULT_KINDS.filter((each) => each in expected)) {
      const alphabet = faultAlphabet(space, { ...bounds, faults: [kind] });
      expect(alphabet.length, kind).toBe(expected[kind]);
      expect(new Set(alphabet.map((fault) => JSON.stringify(fault))).size, kind).toBe(alphabet.length);
    }
  });

  it('orders the untimed faults first, then by instant', () => {
    const space = searchSpace(documentOf('s07-fencing-off'), { fresh: true });
    const bounds = { ...VERIFY_BOUNDS_DEFAULT, faults: ['pause', 'crash', 'delayWrite'] as const, gridMs: 120_000 };
    const alphabet = faultAlphabet(space, { ...bounds, faults: [...bounds.faults] });
    const instants = alphabet.map((fault) => ('atMs' in fault ? fault.atMs : -1));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(alphabet[0]?.kind).toBe('delayWrite');
  });
});
