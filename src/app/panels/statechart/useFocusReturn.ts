import { useEffect, useRef } from 'react';

/**
 * Focus comes back when the state machine closes (Escape, Close, or the night changing under
 * it): removing the panel would otherwise leave it on the page's body, and a keyboard user
 * would start again from the top. It goes to what had focus when the panel opened (the machine
 * state's button in "At the playhead"); opened by a click on a lane name, which takes no focus,
 * to that replica's button there.
 *
 * Used by whoever opens and closes the panel, not by the panel itself: the panel's code loads
 * on demand, and a person who presses Escape before it has arrived must get the focus back too.
 * Call it before any effect that moves the focus into the opened panel, so the opener is seen.
 */
export function useFocusReturn(openReplicaId: string | null): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef<string | null>(null);
  useEffect(() => {
    const closed = wasOpen.current;
    wasOpen.current = openReplicaId;
    if (openReplicaId !== null && closed === null) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    if (openReplicaId !== null || closed === null) return;
    // Only when the focus was lost with the panel: a person who moved on keeps their place.
    const now = document.activeElement;
    if (now !== null && now !== document.body) return;
    const target =
      opener.current?.isConnected === true
        ? opener.current
        : [...document.querySelectorAll<HTMLElement>('[data-statechart-opener]')].find(
            (button) => button.dataset.statechartOpener === closed,
          );
    target?.focus();
  }, [openReplicaId]);
}
