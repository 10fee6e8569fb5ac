/** Copy detection on hand-worked hand-ins: renamed, re-spaced, re-cased SQL, and one name in two folders. */
import { describe, expect, it } from 'vitest';
import type { HandInDocument } from '../model/handInFileSchema';
import { findCopies, findSameNames } from './moduleCopies';

const written = (student: string, text: string, date = '2026-12-05'): HandInDocument => ({
  format: 'leaseline/hand-in',
  version: 1,
  exercise: 'ex01',
  student,
  date,
  answer: { text },
});
const sql = (student: string, statement: string): HandInDocument => ({
  format: 'leaseline/hand-in',
  version: 1,
  exercise: 'ex04',
  student,
  date: '2026-12-05',
  answer: { sql: statement },
});

describe('findCopies', () => {
  it('flags the same answer under another name, another date and other whitespace', () => {
    const pairs = findCopies([
      { student: 'alice', document: written('Alice Martin', 'I, Alice Martin, think a lock needs fencing.') },
      { student: 'dave', document: written('Dave Copy', 'I, Dave Copy, think  a lock\nneeds fencing.', '2026-12-06') },
      { student: 'bob', document: written('Bob Stone', 'All jobs need a lock.') },
    ]);
    expect(pairs).toEqual([{ exercise: 'EX01', first: 'alice', second: 'dave' }]);
  });

  it('treats a literal \\n pasted out of JSON as whitespace', () => {
    const pairs = findCopies([
      { student: 'a', document: written('A', 'One. Two.') },
      { student: 'b', document: written('B', 'One.\\nTwo.') },
    ]);
    expect(pairs).toHaveLength(1);
  });

  it('ignores the case of EX04 SQL but not of its string literals, and never pairs other exercises', () => {
    const pairs = findCopies([
      { student: 'a', document: sql('A', "UPDATE state SET result = 'Done' WHERE id = $2 AND last_token <= $1") },
      { student: 'b', document: sql('B', "update state set result = 'Done' where id = $2 and last_token <= $1") },
      { student: 'c', document: sql('C', "update state set result = 'done' where id = $2 and last_token <= $1") },
      { student: 'd', document: written('D', "update state set result = 'Done' where id = $2 and last_token <= $1") },
    ]);
    expect(pairs).toEqual([{ exercise: 'EX04', first: 'a', second: 'b' }]);
  });

  it("compares LAB1 workers by their files, not by the folder's name", () => {
    const lab = (student: string, command: string): HandInDocument => ({
      format: 'leaseline/hand-in',
      version: 1,
      exercise: 'lab1',
      student,
      date: '2026-12-05',
      answer: { folder: 'worker', command },
    });
    const worker = (who: string, fenced: boolean) => [
      { path: 'package.json', text: '{"type": "module"}' },
      { path: 'w.mjs', text: `// by ${who}\nconst fenced = ${fenced};` },
    ];
    const pairs = findCopies([
      { student: 'ann', document: lab('Ann Lee', 'node w.mjs'), worker: worker('Ann Lee', true) },
      { student: 'ben', document: lab('Ben Ode', 'node  w.mjs'), worker: worker('Ben Ode', true) },
      { student: 'cat', document: lab('Cat Ray', 'node w.mjs'), worker: worker('Cat Ray', false) },
      { student: 'dan', document: lab('Dan Fox', 'node w.mjs'), worker: null },
      { student: 'eve', document: lab('Eve Kim', 'node w.mjs'), worker: null },
    ]);
    expect(pairs).toEqual([{ exercise: 'LAB1', first: 'ann', second: 'ben' }]);
  });

  it('compares EX03 nights on their shape and their explanation, the name aside', () => {
    const night = (shape: string, explanation: string, name: string | null) => ({ shape, explanation, name });
    const pairs = findCopies([
      { student: 'ann', night: night('{"pause":90}', 'Ann Lee: A pauses, B takes over.', 'Ann Lee') },
      { student: 'ben', night: night('{"pause":90}', 'Ben Ode:  A pauses, B takes over.', 'Ben Ode') },
      { student: 'cat', night: night('{"pause":90}', 'My own words.', 'Cat Ray') },
      { student: 'dan', night: night('{"pause":95}', 'A pauses, B takes over.', null) },
    ]);
    expect(pairs).toEqual([{ exercise: 'EX03', first: 'ann', second: 'ben' }]);
  });

  it('does not flag a student against their own second hand-in', () => {
    const pairs = findCopies([
      { student: 'a', document: written('A', 'Same.') },
      { student: 'a', document: written('A', 'Same.') },
    ]);
    expect(pairs).toEqual([]);
  });
});

describe('findSameNames', () => {
  it('flags one name handed in from two folders, case and spacing aside', () => {
    const names = findSameNames([
      { student: 'alice', document: written('Alice Martin', 'x') },
      { student: 'alice', document: sql('Alice Martin', 'UPDATE state') },
      { student: 'alice2', document: written('alice  martin', 'y') },
      { student: 'bob', document: written('Bob Stone', 'z') },
    ]);
    expect(names).toEqual([{ name: 'Alice Martin', students: ['alice', 'alice2'] }]);
  });
});
