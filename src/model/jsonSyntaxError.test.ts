import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './jsonSyntaxError';

describe('findJsonSyntaxError', () => {
  it.each([
    ['{"a": 1,\n "b": x}', 2, 7, 'expected a value, found "x"'],
    ['{"a": 1', 1, 8, 'expected "," or "}" after a property value, found the end of the file'],
    ['[1 2]', 1, 4, 'expected "," or "]" after a list element, found "2"'],
    ['[1, 2,]', 1, 7, 'a comma before "]"; JSON allows no trailing comma'],
    ["{'a': 1}", 1, 2, 'property names use double quotes, not single'],
    ['{"a": \'x\'}', 1, 7, 'strings use double quotes, not single'],
    ['{a: 1}', 1, 2, 'expected a property name in double quotes, found "a"'],
    ['{"a" 1}', 1, 6, 'expected ":" after a property name, found "1"'],
    ['{"a": "x\ny"}', 1, 9, 'a line break or control character inside a string; write it as \\n or \\t'],
    ['{"a": "\\q"}', 1, 8, '"\\q" is not an escape JSON knows'],
    ['{"a": "open', 1, 12, 'a string is not closed; add the missing "'],
    ['{} {}', 1, 4, 'unexpected "{" after the end of the JSON value'],
    ['// note\n{}', 1, 1, 'JSON has no comments'],
    ['{"a": 01}', 1, 8, 'expected "," or "}" after a property value, found "1"'],
    ['{"a": tru}', 1, 7, 'expected a value, found "t"'],
  ])('finds the error in %j', (text, line, column, message) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toMatchObject({ line, column, message });
  });

  it('stops at absurd nesting instead of overflowing the stack', () => {
    const text = '['.repeat(100_000);
    expect(findJsonSyntaxError(text)).toMatchObject({
      line: 1,
      column: 514,
      message: 'nested more than 512 levels deep',
    });
  });

  it('agrees with JSON.parse about what is valid', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonSyntaxError(text)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('}', ',', '"', 'x', ':', '['), (text, at, junk) => {
        const broken = text.slice(0, at % (text.length + 1)) + junk + text.slice(at % (text.length + 1));
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        expect(findJsonSyntaxError(broken) === null).toBe(valid);
      }),
      { numRuns: 500 },
    );
  });
});
