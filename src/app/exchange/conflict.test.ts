import { describe, expect, it } from 'vitest';
import type { ScenarioDocument } from '../../model/scenarioSchema';
import { type AutosaveRecord, EMPTY_VIEW } from './autosaveRecord';
import { decideIncoming, decideSave } from './conflict';

const night = (title: string): ScenarioDocument => ({ format: 'leaseline/scenario', version: 1, title });
const record = (tabId: string, revision: number, document = night('theirs')): AutosaveRecord => ({
  tabId,
  revision,
  savedAtMs: 1_000,
  source: 'link',
  document,
  view: EMPTY_VIEW,
});

describe('decideSave: may this tab write the shared slot?', () => {
  it('writes revision 1 into an empty slot', () => {
    expect(decideSave(null, 'me', 0)).toEqual({ kind: 'write', revision: 1 });
  });

  it('writes over its own record, and over the revision it last saw from another tab', () => {
    expect(decideSave(record('me', 4), 'me', 4)).toEqual({ kind: 'write', revision: 5 });
    expect(decideSave(record('other', 4), 'me', 4)).toEqual({ kind: 'write', revision: 5 });
  });

  it("refuses to overwrite another tab's newer work and hands it over for the person to choose", () => {
    const theirs = record('other', 5);
    expect(decideSave(theirs, 'me', 4)).toEqual({ kind: 'conflict', theirs });
  });

  it('a slot written by this tab after another tab stays writable (no self-conflict)', () => {
    expect(decideSave(record('me', 9), 'me', 4)).toEqual({ kind: 'write', revision: 10 });
  });
});

describe("decideIncoming: another tab's save arrives", () => {
  const mine = night('mine');

  it('ignores its own writes, older revisions and removed records', () => {
    expect(decideIncoming(record('me', 7), 'me', 3, mine)).toEqual({ kind: 'ignore' });
    expect(decideIncoming(record('other', 3), 'me', 3, mine)).toEqual({ kind: 'ignore' });
    expect(decideIncoming(null, 'me', 3, mine)).toEqual({ kind: 'ignore' });
  });

  it('adopts the revision without asking when the other tab saved the very same scenario', () => {
    expect(decideIncoming(record('other', 4, night('mine')), 'me', 3, mine)).toEqual({ kind: 'adopt', revision: 4 });
  });

  it('asks when the other tab saved newer, different work', () => {
    const theirs = record('other', 4);
    expect(decideIncoming(theirs, 'me', 3, mine)).toEqual({ kind: 'conflict', theirs });
  });
});
