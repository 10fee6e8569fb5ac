/**
 * The room the chart may fill, in CSS px: the ruler's height (sized by CSS alone, never by the
 * chart), and, when `reserveBelowPx` is given, at most what the window shows below the chart's
 * top less what its section holds under it (the playback row, the palette: measured, so a
 * language whose words wrap keeps them on the screen too) and less that margin. The chart's
 * own height enters none of it, so drawing cannot feed back into the room.
 */
export function chartRoomPx(
  frame: HTMLElement | null,
  ruler: HTMLElement | null,
  reserveBelowPx: number | undefined,
  view: Pick<Window, 'innerHeight' | 'scrollY'>,
): number {
  const cssPx = ruler?.clientHeight ?? 0;
  if (reserveBelowPx === undefined || frame === null) return cssPx;
  const frameBox = frame.getBoundingClientRect();
  const topInPagePx = frameBox.top + view.scrollY;
  const sectionBottomPx = frame.parentElement?.getBoundingClientRect().bottom ?? frameBox.bottom;
  const followingPx = Math.max(0, sectionBottomPx - frameBox.bottom);
  return Math.min(cssPx, view.innerHeight - topInPagePx - followingPx - reserveBelowPx);
}
