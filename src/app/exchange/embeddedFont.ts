/**
 * The timeline's fonts as `@font-face` rules with the font files inlined as `data:` URLs, for
 * exported SVGs (and the PNGs drawn from them): the file carries its fonts, so it looks the
 * same on any machine and loads nothing. Inter (latin, regular and bold) always; Noto Sans
 * Arabic (Arabic letters, regular and bold) too when the picture has Arabic words. Both SIL
 * Open Font License. Loaded on the first export only (chunks of about 65 kB and 130 kB),
 * never with the page.
 */

/** The family the timeline draws with (timeline.css) and the export names. */
export const TIMELINE_FONT_FAMILY = 'Inter';
/** The family of the Arabic interface's words (styles.css, timeline.css). */
export const ARABIC_FONT_FAMILY = 'Noto Sans Arabic';

type FontFile = { default: string };

const faceRules = (family: string, files: readonly [FontFile, FontFile]): string =>
  files
    .map(
      (file, index) =>
        `@font-face{font-family:"${family}";font-style:normal;font-weight:${index === 0 ? 400 : 700};` +
        `src:url(${file.default}) format("woff2")}`,
    )
    .join('');

let latin: Promise<string> | null = null;
let arabic: Promise<string> | null = null;

function latinFaces(): Promise<string> {
  latin ??= Promise.all([
    import('@fontsource/inter/files/inter-latin-400-normal.woff2?inline'),
    import('@fontsource/inter/files/inter-latin-700-normal.woff2?inline'),
  ]).then((files) => faceRules(TIMELINE_FONT_FAMILY, files));
  return latin;
}

function arabicFaces(): Promise<string> {
  arabic ??= Promise.all([
    import('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2?inline'),
    import('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff2?inline'),
  ]).then((files) => faceRules(ARABIC_FONT_FAMILY, files));
  return arabic;
}

/** True when `text` has an Arabic letter, so a picture of it needs the Arabic face. Pure. */
export function hasArabic(text: string): boolean {
  return /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(text);
}

/** The rules a picture needs: Inter, and Noto Sans Arabic when `withArabic`. */
export async function timelineFontFaceCss(withArabic = false): Promise<string> {
  const faces = await Promise.all(withArabic ? [latinFaces(), arabicFaces()] : [latinFaces()]);
  return faces.join('');
}
