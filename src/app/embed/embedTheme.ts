/**
 * The embed's colours: `theme=light` or `dark` overrides the visitor's setting (the host page
 * has its own colours), `auto` follows it as the app does. The forced palettes are the app's
 * own, repeated under a class (embedTheme.css), since the app's dark palette lives in
 * `prefers-color-scheme` media queries.
 */
import type { EmbedTheme } from './embedOptions';

export function applyEmbedTheme(root: HTMLElement, theme: EmbedTheme): void {
  root.classList.remove('theme-light', 'theme-dark');
  if (theme !== 'auto') root.classList.add(`theme-${theme}`);
  root.style.colorScheme = theme === 'auto' ? 'light dark' : theme;
}
