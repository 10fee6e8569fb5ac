/** A wall-clock time of day ("14:03:27") in the person's locale, for "saved at". App layer. */
export function clockTime(atMs: number): string {
  return new Date(atMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}
