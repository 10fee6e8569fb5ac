/**
 * Why an export failed, in the reader's language: the browser's drawing failures are data
 * (PngRenderError) and get a translated sentence; any other error's own message (the
 * browser's, in its own language) is shown inside a translated sentence, isolated. Pure but
 * for `t`.
 */
import type { TFunction } from 'i18next';
import { PngRenderError } from './pngRender';

export function exportFailureText(t: TFunction, error: unknown): string {
  if (error instanceof PngRenderError) return t(`exchange.export.pngFailure.${error.failure}`);
  if (error instanceof ExportError) return error.message;
  return t('exchange.export.browserError', { message: error instanceof Error ? error.message : String(error) });
}

/** A failure the app has already said in the reader's words (e.g. "there is no timeline to draw"). */
export class ExportError extends Error {}
