/**
 * The timeline's font (Inter, latin, regular and bold; SIL Open Font License) as `@font-face`
 * rules with the font files inlined as `data:` URLs, for exported SVGs: the file carries its
 * font, so it looks the same on any machine and loads nothing. Loaded on the first export
 * only (a separate chunk of about 65 kB), never with the page.
 */

/** The family the timeline draws with (timeline.css) and the export names. */
export const TIMELINE_FONT_FAMILY = 'Inter';

let cached: Promise<string> | null = null;

export function timelineFontFaceCss(): Promise<string> {
  cached ??= Promise.all([
    import('@fontsource/inter/files/inter-latin-400-normal.woff2?inline'),
    import('@fontsource/inter/files/inter-latin-700-normal.woff2?inline'),
  ]).then(([regular, bold]) =>
    [
      [regular.default, 400],
      [bold.default, 700],
    ]
      .map(
        ([dataUrl, weight]) =>
          `@font-face{font-family:"${TIMELINE_FONT_FAMILY}";font-style:normal;font-weight:${weight};` +
          `src:url(${dataUrl}) format("woff2")}`,
      )
      .join(''),
  );
  return cached;
}
