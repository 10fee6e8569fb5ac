/**
 * `leaseline verify` re-runs a night from its parent's checkpoint and reads how far back the
 * added fault reaches off the fault's own events (`appendedReachMs`), instead of comparing
 * every event of the two nights (`earliestAffectedMs`). Here, on random nights of every
 * preset's design with every fault kind that applies (clock jumps and writes' pauses reach the
 * whole night, partitions reach before they begin), the two answers are the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../src/presets/catalogue';
import { eventCountOf, type SearchFault } from '../src/search/searchFault';
import { appendedReachMs, earliestAffectedMs } from '../src/sim/checkpoints/editReach';
import { presetAlphabet } from './presetAlphabet';

describe('the reach of a fault appended to a night', () => {
  it("is the reach found by comparing the two nights' events, on verify's nights of every design", () => {
    const kinds = new Set<string>();
    let finite = 0;
    let wholeNight = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...PRESETS.map((preset) => preset.id)),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        (id, fresh, picks) => {
          const { alphabet, elements, assemble } = presetAlphabet(id, fresh, 300_000, [60_000, 600_000]);
          const indices = [...new Set(picks.map((pick) => pick % alphabet.length))].sort((a, b) => a - b);
          if (indices.some((index) => elements[index] === null)) return;
          const last = alphabet[indices[indices.length - 1] as number] as SearchFault;
          const parent = assemble(indices.slice(0, -1));
          const next = assemble(indices);
          const compared = earliestAffectedMs(parent, next);
          expect(appendedReachMs(parent, next, eventCountOf(last))).toBe(compared);
          kinds.add(last.kind);
          if (compared === null) wholeNight += 1;
          else finite += 1;
        },
      ),
      { numRuns: 300, seed: 7051 },
    );
    // Both kinds of answer were compared, over many kinds of fault.
    expect(finite).toBeGreaterThan(100);
    expect(wholeNight).toBeGreaterThan(5);
    expect(kinds.size).toBeGreaterThanOrEqual(6);
  }, 300_000);

  it('refuses a count that is not what was appended', () => {
    const { alphabet, elements, assemble } = presetAlphabet('s07-fencing-on', true, 300_000, [60_000, 600_000]);
    const index = elements.findIndex((element) => element !== null);
    const next = assemble([index]);
    const count = eventCountOf(alphabet[index] as SearchFault);
    expect(() => appendedReachMs(assemble([]), next, count + 1)).toThrow(/are not .* and .* appended/);
  });
});
