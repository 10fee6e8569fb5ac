import { useEffect } from 'react';

/**
 * Focus comes back when the state machine closes (Escape, Close, or the night changing under
 * it): removing the panel would otherwise leave it on the page's body, and a keyboard user
 * would start again from the top. It goes to what had focus when the panel opened (the machine
 * state's button in "At the playhead"); opened by a click on a lane name, which takes no focus,
 * to that replica's button there.
 */
export function useFocusReturn(replicaId: string): void {
  useEffect(() => {
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      // Only when the focus was lost with the panel: a person who moved on keeps their place.
      const now = document.activeElement;
      if (now !== null && now !== document.body) return;
      const target =
        opener?.isConnected === true
          ? opener
          : [...document.querySelectorAll<HTMLElement>('[data-statechart-opener]')].find(
              (button) => button.dataset.statechartOpener === replicaId,
            );
      target?.focus();
    };
  }, [replicaId]);
}
