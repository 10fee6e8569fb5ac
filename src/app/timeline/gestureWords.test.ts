import { describe, expect, it } from 'vitest';
import { createGestureWords } from './gestureWords';

/** A describe that counts its calls and answers in the current "language". */
function counting() {
  const state = { calls: 0, language: 'en' };
  const describe = (key: string, params: Readonly<Record<string, string | number>>) => {
    state.calls += 1;
    return `${state.language}:${key}:${JSON.stringify(params)}`;
  };
  return { state, describe };
}

describe('createGestureWords', () => {
  it('outside a gesture, asks every time', () => {
    const { state, describe } = counting();
    const words = createGestureWords(describe);
    words.describe('lane.lock', {});
    words.describe('lane.lock', {});
    expect(state.calls).toBe(2);
  });

  it('during a gesture, asks once per key and params', () => {
    const { state, describe } = counting();
    const words = createGestureWords(describe);
    words.begin();
    expect(words.describe('lane.replica', { replica: 'A' })).toBe('en:lane.replica:{"replica":"A"}');
    expect(words.describe('lane.replica', { replica: 'A' })).toBe('en:lane.replica:{"replica":"A"}');
    expect(words.describe('lane.replica', { replica: 'B' })).toBe('en:lane.replica:{"replica":"B"}');
    expect(state.calls).toBe(2);
  });

  it('forgets at the end of the gesture, so a new language is never served stale words', () => {
    const { state, describe } = counting();
    const words = createGestureWords(describe);
    words.begin();
    words.describe('lane.lock', {});
    words.end();
    state.language = 'ar';
    expect(words.describe('lane.lock', {})).toBe('ar:lane.lock:{}');
    words.begin();
    expect(words.describe('lane.lock', {})).toBe('ar:lane.lock:{}');
  });
});
