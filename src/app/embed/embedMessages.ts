/**
 * The message API between an embedded night and the page around it (docs/embed.md): every
 * message is a plain object `{ leaseline: 1, type, ... }`, posted with `window.postMessage`.
 * Version 1. Pure: what the embed sends is built here, and what it is sent is read here,
 * strictly (an object of a known type with well-formed fields, else null: ignored, never
 * thrown). Nothing the host can ask for returns stored data: the commands only move the
 * night shown, which came from the frame's own address.
 */

export const EMBED_PROTOCOL_VERSION = 1;

/** What the host page may ask. `step` goes to the next (1) or previous (-1) key moment. */
export type EmbedCommand =
  | { readonly type: 'hello' }
  | { readonly type: 'setFencing'; readonly on: boolean }
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  | { readonly type: 'step'; readonly direction: 1 | -1 }
  | { readonly type: 'seek'; readonly ms: number };

export interface EmbedViolation {
  readonly invariant: string;
  readonly at: string;
  readonly message: string;
}

/** What the embed tells the host page. */
export type EmbedAnnouncement =
  | {
      readonly type: 'ready';
      readonly commands: readonly EmbedCommand['type'][];
      readonly windowFromMs: number;
      readonly windowToMs: number;
    }
  | {
      readonly type: 'verdict';
      readonly safe: boolean;
      readonly text: string;
      readonly fencing: boolean;
      readonly violations: readonly EmbedViolation[];
    }
  | { readonly type: 'keyMoment'; readonly atMs: number; readonly text: string }
  | { readonly type: 'error'; readonly text: string };

export type EmbedMessage = EmbedAnnouncement & { readonly leaseline: typeof EMBED_PROTOCOL_VERSION };

export const EMBED_COMMANDS: readonly EmbedCommand['type'][] = ['hello', 'setFencing', 'play', 'pause', 'step', 'seek'];

/** The furthest a seek may reach, in ms (a night is at most a few days; beyond is no time). */
const SEEK_MAX_MS = 30 * 24 * 3_600_000;

/** Pure: the message for an announcement. */
export function embedMessage(announcement: EmbedAnnouncement): EmbedMessage {
  return { leaseline: EMBED_PROTOCOL_VERSION, ...announcement };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Pure: the command `data` holds, or null for anything else (another version, a typo, junk). */
export function readCommand(data: unknown): EmbedCommand | null {
  if (!isRecord(data) || data.leaseline !== EMBED_PROTOCOL_VERSION) return null;
  switch (data.type) {
    case 'hello':
    case 'play':
    case 'pause':
      return { type: data.type };
    case 'setFencing':
      return typeof data.on === 'boolean' ? { type: 'setFencing', on: data.on } : null;
    case 'step':
      return data.direction === 1 || data.direction === -1 ? { type: 'step', direction: data.direction } : null;
    case 'seek':
      return typeof data.ms === 'number' && Number.isFinite(data.ms) && Math.abs(data.ms) <= SEEK_MAX_MS
        ? { type: 'seek', ms: Math.round(data.ms) }
        : null;
    default:
      return null;
  }
}

/** The parts of a MessageEvent the gate reads. */
export interface ArrivingMessage {
  readonly source: unknown;
  readonly origin: string;
  readonly data: unknown;
}

/**
 * Pure: the command of a message the embed accepts: sent by the page framing it (`parent`,
 * never another frame or a window it opened) and, when the embed was told its host's origin,
 * from that origin only. Else null.
 */
export function acceptedCommand(
  message: ArrivingMessage,
  parent: unknown,
  hostOrigin: string | null,
): EmbedCommand | null {
  if (message.source === null || message.source !== parent) return null;
  if (hostOrigin !== null && message.origin !== hostOrigin) return null;
  return readCommand(message.data);
}
