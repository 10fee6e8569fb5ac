import { describe, expect, it } from 'vitest';
import { terminalStatusLine } from './statusLine';

describe('terminalStatusLine', () => {
  it('rewrites one line in place, skips repeats and erases it at the end', () => {
    const written: string[] = [];
    const line = terminalStatusLine({ write: (text) => written.push(text) });
    line.show('verify: 1,000 of 5,000 nights checked (20%)');
    line.show('verify: 1,000 of 5,000 nights checked (20%)');
    line.show('verify: 5,000 of 5,000 nights checked (100%)');
    line.clear();
    line.clear();
    expect(written).toEqual([
      '\r\x1b[2Kverify: 1,000 of 5,000 nights checked (20%)',
      '\r\x1b[2Kverify: 5,000 of 5,000 nights checked (100%)',
      '\r\x1b[2K',
    ]);
  });
});
