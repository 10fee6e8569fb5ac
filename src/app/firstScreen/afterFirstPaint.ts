/**
 * Runs `then` once the browser has painted a frame: a task queued from an animation frame
 * callback runs after that frame's paint. A hidden page paints no frames (and runs no
 * animation frame callbacks), so there `then` runs at once.
 */
export function afterFirstPaint(view: Window, then: () => void): void {
  if (view.document.visibilityState === 'hidden') {
    then();
    return;
  }
  view.requestAnimationFrame(() => view.setTimeout(then, 0));
}
