/**
 * The chart's words, remembered for the length of a gesture. A drag lays the chart out again
 * for every night it shows, and most of its words (lane names, the key moments away from the
 * dragged event, tooltips) come out the same each time: on a 9-replica, 200-event night the
 * i18n lookups were half of the layout. Within a gesture the language cannot change, so the
 * same key and params give the same text; between gestures nothing is remembered, so a
 * change of language is never served stale words.
 */
import type { Describe } from '../../timeline/describeDefaults';

/** Bound on the remembered words: a big night's layout asks for a few thousand. */
const WORDS_MAX = 20_000;

export interface GestureWords {
  /** Translates through `translate`; remembers the answers while a gesture is on. */
  readonly describe: Describe;
  /** A gesture starts: remember from now on. */
  begin(): void;
  /** The gesture is over: forget everything. */
  end(): void;
}

export function createGestureWords(translate: Describe): GestureWords {
  let words: Map<string, string> | null = null;
  return {
    describe(key, params) {
      if (words === null) return translate(key, params);
      const id = `${key}\u0000${JSON.stringify(params)}`;
      const known = words.get(id);
      if (known !== undefined) return known;
      const text = translate(key, params);
      if (words.size < WORDS_MAX) words.set(id, text);
      return text;
    },
    begin() {
      words = new Map();
    },
    end() {
      words = null;
    },
  };
}
