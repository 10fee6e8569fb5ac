/**
 * The presets told twice, once without fencing and once with it: the same night, the same
 * events, and a story written for each. On one of these the Fencing switch opens the other
 * (the night it turns into, with its own title and story), rather than editing the night
 * out from under a story written for it.
 */
export const FENCED_TWINS: readonly (readonly [unfenced: string, fenced: string])[] = [
  ['s04-atmost-too-short', 's04-atmost-too-short-fenced'],
  ['s07-fencing-off', 's07-fencing-on'],
  ['s08-check-then-write', 's08-check-then-write-fenced'],
  ['s09-delayed-write', 's09-delayed-write-fenced'],
  ['s14-paused-leader', 's14-paused-leader-fenced'],
  ['s22-keepalive-starved', 's22-keepalive-starved-fenced'],
];

/** The other preset of `presetId`'s pair (fenced for an unfenced one, and back), or undefined. */
export function fencedTwinOf(presetId: string): string | undefined {
  for (const [unfenced, fenced] of FENCED_TWINS) {
    if (presetId === unfenced) return fenced;
    if (presetId === fenced) return unfenced;
  }
  return undefined;
}
