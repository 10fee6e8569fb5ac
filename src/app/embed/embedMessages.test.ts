import { describe, expect, it } from 'vitest';
import { acceptedCommand, embedMessage, readCommand } from './embedMessages';

describe('readCommand', () => {
  it('reads every command of version 1', () => {
    expect(readCommand({ leaseline: 1, type: 'hello' })).toEqual({ type: 'hello' });
    expect(readCommand({ leaseline: 1, type: 'play' })).toEqual({ type: 'play' });
    expect(readCommand({ leaseline: 1, type: 'pause' })).toEqual({ type: 'pause' });
    expect(readCommand({ leaseline: 1, type: 'setFencing', on: true })).toEqual({ type: 'setFencing', on: true });
    expect(readCommand({ leaseline: 1, type: 'step', direction: -1 })).toEqual({ type: 'step', direction: -1 });
    expect(readCommand({ leaseline: 1, type: 'seek', ms: 120_000.4 })).toEqual({ type: 'seek', ms: 120_000 });
  });

  it('ignores anything ill-formed, of another version or unknown', () => {
    const junk: unknown[] = [
      null,
      undefined,
      'play',
      42,
      [],
      { type: 'play' },
      { leaseline: 2, type: 'play' },
      { leaseline: '1', type: 'play' },
      { leaseline: 1, type: 'getAutosave' },
      { leaseline: 1, type: 'toString' },
      { leaseline: 1, type: 'setFencing', on: 'yes' },
      { leaseline: 1, type: 'step', direction: 2 },
      { leaseline: 1, type: 'seek', ms: Number.NaN },
      { leaseline: 1, type: 'seek', ms: Number.POSITIVE_INFINITY },
      { leaseline: 1, type: 'seek', ms: '100' },
      { leaseline: 1, type: 'seek', ms: 1e15 },
    ];
    for (const data of junk) expect(readCommand(data)).toBeNull();
    expect(readCommand(Object.create(null))).toBeNull();
  });
});

describe('acceptedCommand', () => {
  const parent = { name: 'parent' };
  const play = { leaseline: 1, type: 'play' };

  it('takes commands from the framing page only', () => {
    expect(acceptedCommand({ source: parent, origin: 'https://a.example', data: play }, parent, null)).toEqual({
      type: 'play',
    });
    expect(
      acceptedCommand({ source: { name: 'other' }, origin: 'https://a.example', data: play }, parent, null),
    ).toBeNull();
    expect(acceptedCommand({ source: null, origin: 'https://a.example', data: play }, null, null)).toBeNull();
  });

  it('and from the host origin it was told, when it was told one', () => {
    const message = { source: parent, origin: 'https://a.example', data: play };
    expect(acceptedCommand(message, parent, 'https://a.example')).toEqual({ type: 'play' });
    expect(acceptedCommand(message, parent, 'https://b.example')).toBeNull();
  });
});

describe('embedMessage', () => {
  it('stamps the protocol version', () => {
    expect(embedMessage({ type: 'keyMoment', atMs: 5, text: 'x' })).toEqual({
      leaseline: 1,
      type: 'keyMoment',
      atMs: 5,
      text: 'x',
    });
  });
});
