import { useEffect, useRef, useState } from 'react';
import { useAutosave } from '../exchange/AutosaveContext';

/** A pause in typing this long ends an edit burst: one undo step per burst, not per key. */
export const EXPLANATION_BURST_MS = 1_000;

export interface BurstDraft {
  /** The text on screen, committed or not. */
  readonly draft: string;
  /** A keystroke's new text: kept as the draft, committed after a pause in typing. */
  readonly change: (text: string) => void;
  /** Ends the burst now (Enter, focus leaving): commits the draft if it may be. */
  readonly flush: () => void;
}

/**
 * A text field's draft, committed to the document in bursts: after a pause in typing, when
 * the field calls `flush` (focus leaving, Enter), and when the page is hidden or goes away.
 * Autosave knows of the draft: it shows "Saving…" while the words on screen are not in the
 * document, and commits the draft itself before it writes (whatever order the page's
 * listeners run in). A change from outside (Undo, an opened file) wins over the draft it
 * replaced. `mayCommit` keeps an invalid draft (too long) on screen, uncommitted and not
 * pending. Used by the explanation and the student's name, so neither can lose typing.
 */
export function useBurstDraft(
  value: string,
  onCommit: (text: string) => void,
  mayCommit: (text: string) => boolean = () => true,
): BurstDraft {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ draft, onCommit, mayCommit });
  latest.current = { draft, onCommit, mayCommit };
  const autosave = useAutosave();
  const autosaveRef = useRef(autosave);
  autosaveRef.current = autosave;
  /** This field's key in autosave's set of pending drafts. */
  const draftKey = useRef({});

  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    setDraft(value);
  }, [value]);

  const flush = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const text = latest.current.draft;
    if (text !== committed.current && latest.current.mayCommit(text)) {
      committed.current = text;
      latest.current.onCommit(text);
    }
    autosaveRef.current?.draftPending(draftKey.current, false);
  };

  // Without an autosave (tests mounting the panel alone) the field listens to the page itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: flush reads refs only; bound once per autosave.
  useEffect(() => {
    if (autosave) {
      const remove = autosave.addDraft(flush);
      return () => {
        remove();
        flush();
      };
    }
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [autosave]);

  const change = (text: string) => {
    setDraft(text);
    latest.current.draft = text;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(flush, EXPLANATION_BURST_MS);
    autosaveRef.current?.draftPending(draftKey.current, text !== committed.current);
  };

  return { draft, change, flush };
}
