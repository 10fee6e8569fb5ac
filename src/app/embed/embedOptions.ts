/**
 * The embed's options, read from its address's fragment (`embed.html#preset=...&lang=ar`):
 * which night, the language, the colours, the controls shown, whether dragging is allowed, the
 * frame's height and the host page's origin. Pure: the fragment is a stranger's text, so a
 * value that does not parse falls back to its default and is named in `problems` (the page
 * shows what it could not read); nothing here throws. docs/embed.md lists every option.
 */
import { isLanguage, type Language } from '../i18n/languages';

export const EMBED_CONTROLS = ['fencing', 'play', 'steps'] as const;
export type EmbedControl = (typeof EMBED_CONTROLS)[number];

export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** The frame's height bounds, in CSS px: below it no night is readable, above it no page has room. */
export const EMBED_HEIGHT_MIN_PX = 240;
export const EMBED_HEIGHT_MAX_PX = 2000;
/** The height a snippet gives its frame when none is chosen: the flagship's night and its verdict at 800 px wide. */
export const EMBED_HEIGHT_DEFAULT_PX = 580;

/** Where the night comes from: a share link's scenario (`s=`, the app's codec) or a preset id. */
export type EmbedNightSource =
  | { readonly kind: 'share'; readonly fragment: string }
  | { readonly kind: 'preset'; readonly id: string }
  | { readonly kind: 'none' };

export interface EmbedOptions {
  readonly night: EmbedNightSource;
  /** null: the visitor's own language (the browser's), as the app chooses it. */
  readonly language: Language | null;
  readonly theme: EmbedTheme;
  /** In the order of EMBED_CONTROLS, each once. */
  readonly controls: readonly EmbedControl[];
  readonly interactive: boolean;
  readonly heightPx: number | null;
  /** The host page's origin (`https://host.example`), or null: messages go to any origin. */
  readonly hostOrigin: string | null;
}

/** An option the fragment gave that could not be read: its name and the value as written. */
export interface EmbedOptionProblem {
  readonly option: string;
  readonly value: string;
}

export const DEFAULT_EMBED_OPTIONS: EmbedOptions = {
  night: { kind: 'none' },
  language: null,
  theme: 'auto',
  controls: EMBED_CONTROLS,
  interactive: false,
  heightPx: null,
  hostOrigin: null,
};

/** A preset id as the catalogue writes them (`s07-fencing-off`); anything else is no id. */
const PRESET_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** Longer values are not read at all (a share link's data is the one long value). */
const VALUE_MAX_CHARS = 200;

/** The fragment's parameters, decoded; a value that does not decode is kept as written. */
function parameters(hash: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at);
    const raw = part.slice(at + 1);
    // The share link's data is base64url: never decoded, never cut.
    if (name === 's') found.set(name, raw);
    else if (!found.has(name)) found.set(name, decoded(raw.slice(0, VALUE_MAX_CHARS)));
  }
  return found;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** A serialised origin (`scheme://host[:port]`, nothing after), else null. */
export function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

function controlsOf(value: string): { controls: EmbedControl[]; unknown: string[] } {
  const named = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = named.filter((name) => !(EMBED_CONTROLS as readonly string[]).includes(name));
  return { controls: EMBED_CONTROLS.filter((control) => named.includes(control)), unknown };
}

function heightOf(value: string): number | null {
  if (!/^\d{1,5}(px)?$/.test(value)) return null;
  const px = Number.parseInt(value, 10);
  return px >= EMBED_HEIGHT_MIN_PX && px <= EMBED_HEIGHT_MAX_PX ? px : null;
}

/** Pure: the options of an embed address's fragment, and the ones it could not read. */
export function parseEmbedOptions(hash: string): { options: EmbedOptions; problems: EmbedOptionProblem[] } {
  const given = parameters(hash);
  const problems: EmbedOptionProblem[] = [];
  const problem = (option: string) => problems.push({ option, value: given.get(option) ?? '' });
  let night: EmbedNightSource = { kind: 'none' };
  const share = given.get('s');
  const preset = given.get('preset');
  if (share !== undefined) night = { kind: 'share', fragment: `s=${share}` };
  else if (preset !== undefined) {
    if (PRESET_ID.test(preset)) night = { kind: 'preset', id: preset };
    else problem('preset');
  }
  const lang = given.get('lang');
  const language = lang !== undefined && isLanguage(lang) ? lang : null;
  if (lang !== undefined && language === null) problem('lang');
  const themeText = given.get('theme');
  const theme = (EMBED_THEMES as readonly string[]).includes(themeText ?? '') ? (themeText as EmbedTheme) : 'auto';
  if (themeText !== undefined && theme !== themeText) problem('theme');
  let controls: readonly EmbedControl[] = DEFAULT_EMBED_OPTIONS.controls;
  const controlsText = given.get('controls');
  if (controlsText !== undefined) {
    const read = controlsOf(controlsText);
    controls = read.controls;
    if (read.unknown.length > 0) problem('controls');
  }
  const interactiveText = given.get('interactive');
  if (interactiveText !== undefined && interactiveText !== '0' && interactiveText !== '1') problem('interactive');
  const heightText = given.get('height');
  const heightPx = heightText === undefined ? null : heightOf(heightText);
  if (heightText !== undefined && heightPx === null) problem('height');
  const originText = given.get('origin');
  const hostOrigin = originText === undefined ? null : originOf(originText);
  if (originText !== undefined && hostOrigin === null) problem('origin');
  return {
    options: { night, language, theme, controls, interactive: interactiveText === '1', heightPx, hostOrigin },
    problems,
  };
}

/**
 * Pure: the fragment (without `#`) of an embed showing `nightPart` (`s=1.<data>` or
 * `preset=<id>`) with `options`; defaults are left out, so a snippet stays short.
 */
export function embedFragment(nightPart: string, options: Omit<EmbedOptions, 'night'>): string {
  const parts = [nightPart];
  if (options.language !== null) parts.push(`lang=${options.language}`);
  if (options.theme !== 'auto') parts.push(`theme=${options.theme}`);
  const allControls = options.controls.length === EMBED_CONTROLS.length;
  if (!allControls) parts.push(`controls=${options.controls.join(',')}`);
  if (options.interactive) parts.push('interactive=1');
  if (options.heightPx !== null) parts.push(`height=${options.heightPx}`);
  if (options.hostOrigin !== null) parts.push(`origin=${encodeURIComponent(options.hostOrigin)}`);
  return parts.join('&');
}
