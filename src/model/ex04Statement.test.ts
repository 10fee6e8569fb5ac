import { describe, expect, it } from 'vitest';
import { readEx04Statement } from './ex04Statement';

describe('readEx04Statement', () => {
  it('counts $n placeholders and leaves their order open', () => {
    const read = readEx04Statement('UPDATE state SET last_token = $1, result = $3 WHERE id = $2 AND last_token <= $1');
    expect(read).toMatchObject({ placeholderCount: 3, namedRoles: null, literals: [], unknownNames: [] });
  });

  it("rewrites the seed's named placeholders, not casts", () => {
    const read = readEx04Statement('UPDATE state SET last_token = :t::bigint WHERE id = :id AND last_token <= :t');
    expect(read.text).toBe('UPDATE state SET last_token = $1::bigint WHERE id = $2 AND last_token <= $1');
    expect(read).toMatchObject({ placeholderCount: 2, namedRoles: ['token', 'id'] });
  });

  it('finds values typed in, but not in comments, identifiers or quoted $n', () => {
    const read = readEx04Statement(
      `UPDATE state SET last_token = 8, result = 'done', "col2" = E'x' -- 42\nWHERE id = $2 /* 9 */ AND last_token <= COALESCE($1, 0) AND v2 = '$3'`,
    );
    expect(read.literals).toEqual(['8', "'done'", "E'x'", "'$3'"]);
    expect(read.placeholderCount).toBe(2);
  });

  it('names placeholders that are no value of the exercise', () => {
    expect(readEx04Statement('UPDATE state SET x = :night').unknownNames).toEqual([':night']);
  });

  it('skips dollar-quoted bodies', () => {
    expect(readEx04Statement('SELECT $body$ $7 :t $body$').placeholderCount).toBe(0);
  });
});
