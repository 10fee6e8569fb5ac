import { describe, expect, it } from 'vitest';
import type { EventDocument } from '../model/scenarioSchema';
import { keyboardEdits } from './keyboardEdits';

const pause: EventDocument = { type: 'pause', replica: 'A', at: '02:01:30', for: '6m' };
const key = (k: string, shiftKey = false, altKey = false) => ({ key: k, shiftKey, altKey });
const set = (index: number, event: EventDocument) => [{ kind: 'setEvent', index, event }];

describe('keyboardEdits', () => {
  it('moves by one step with the arrows and by ten with Page Up/Down', () => {
    expect(keyboardEdits(pause, 0, key('ArrowRight'), 10_000)).toEqual(set(0, { ...pause, at: '02:01:40' }));
    expect(keyboardEdits(pause, 0, key('ArrowLeft'), 10_000)).toEqual(set(0, { ...pause, at: '02:01:20' }));
    expect(keyboardEdits(pause, 0, key('ArrowUp'), 10_000)).toEqual(set(0, { ...pause, at: '02:01:40' }));
    expect(keyboardEdits(pause, 0, key('PageUp'), 10_000)).toEqual(set(0, { ...pause, at: '02:03:10' }));
    expect(keyboardEdits(pause, 0, key('PageDown'), 10_000)).toEqual(set(0, { ...pause, at: '01:59:50' }));
  });

  it('steps from the current value rather than snapping it', () => {
    const odd = { ...pause, at: '02:01:30.250' };
    expect(keyboardEdits(odd, 3, key('ArrowRight'), 1000)).toEqual(set(3, { ...odd, at: '02:01:31.250' }));
  });

  it('changes the length with Shift', () => {
    expect(keyboardEdits(pause, 0, key('ArrowRight', true), 30_000)).toEqual(set(0, { ...pause, for: '6m30s' }));
    expect(keyboardEdits(pause, 0, key('ArrowLeft', true), 30_000)).toEqual(set(0, { ...pause, for: '5m30s' }));
    const span: EventDocument = { type: 'partition', replica: 'B', from: '02:03:00', to: '02:04:00' };
    expect(keyboardEdits(span, 1, key('ArrowLeft', true), 1000)).toEqual(set(1, { ...span, to: '02:03:59' }));
    expect(keyboardEdits(span, 1, key('ArrowRight'), 1000)).toEqual(
      set(1, { ...span, from: '02:03:01', to: '02:04:01' }),
    );
    const jump: EventDocument = { type: 'clockJump', node: 'db', at: '02:03:00', by: '-1s' };
    expect(keyboardEdits(jump, 2, key('ArrowRight', true), 1000)).toEqual(set(2, { ...jump, by: '0s' }));
  });

  it('never shortens a pause to nothing, and says so with an empty list', () => {
    const short = { ...pause, for: '1s' };
    expect(keyboardEdits(short, 0, key('ArrowLeft', true), 1000)).toEqual(set(0, { ...short, for: '1ms' }));
    expect(keyboardEdits({ ...pause, for: '1ms' }, 0, key('ArrowLeft', true), 1000)).toEqual([]);
  });

  it('changes the length of length-only events with the plain arrows too', () => {
    const delay: EventDocument = { type: 'delayWrite', replica: 'A', order: 1003, by: '1s' };
    expect(keyboardEdits(delay, 0, key('ArrowRight'), 1000)).toEqual(set(0, { ...delay, by: '2s' }));
    expect(keyboardEdits(delay, 0, key('PageDown'), 1000)).toEqual(set(0, { ...delay, by: '0s' }));
    const pbw: EventDocument = { type: 'pauseBeforeWrite', replica: 'A', order: 1003, for: '1m' };
    expect(keyboardEdits(pbw, 0, key('ArrowLeft'), 10_000)).toEqual(set(0, { ...pbw, for: '50s' }));
  });

  it('removes the event with Delete or Backspace', () => {
    expect(keyboardEdits(pause, 4, key('Delete'), 1000)).toEqual([{ kind: 'removeEvent', index: 4 }]);
    expect(keyboardEdits(pause, 4, key('Backspace'), 1000)).toEqual([{ kind: 'removeEvent', index: 4 }]);
  });

  it('returns null for keys it leaves to others', () => {
    const crash: EventDocument = { type: 'crash', replica: 'B', at: '02:04:00' };
    expect(keyboardEdits(pause, 0, key('Tab'), 1000)).toBeNull();
    expect(keyboardEdits(pause, 0, key('ArrowLeft', false, true), 1000)).toBeNull();
    expect(keyboardEdits(crash, 0, key('ArrowLeft', true), 1000)).toBeNull();
    expect(keyboardEdits(crash, 0, key('ArrowLeft'), 1000)).toEqual(set(0, { ...crash, at: '02:03:59' }));
  });
});
