/**
 * Reads what a person wrote in one part of the scenario document, falling back to the
 * resolved default: a field shows `"PT5M"` if that is what the file says, and the default
 * (`"30m"`) in the file's own notation when the key is absent. Pure.
 */
import { formatDurationMs } from '../../../model/duration';

type Part = Readonly<Record<string, unknown>> | undefined;

/** The string at `key` of a document part, if it is one. Pure. */
export function writtenText(part: Part, key: string): string | undefined {
  const value = part?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** The written duration, or the resolved one formatted (`null` ms: empty text). Pure. */
export function durationText(part: Part, key: string, resolvedMs: number | null): string {
  return writtenText(part, key) ?? (resolvedMs === null ? '' : formatDurationMs(resolvedMs));
}

/** A copy of a nested object with one key set, or removed when `value` is undefined. Pure. */
export function withKey(part: Part, key: string, value: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(part ?? {}) };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}
