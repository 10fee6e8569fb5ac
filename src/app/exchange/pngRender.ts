/** Why the browser could not make the picture; the export's notice says it in the reader's language. */
export type PngRenderFailure = 'decode' | 'noCanvas' | 'encode';

/** A failure of the browser's drawing, as data: its own messages are in the browser's language. */
export class PngRenderError extends Error {
  readonly failure: PngRenderFailure;
  constructor(failure: PngRenderFailure, detail: string) {
    super(detail);
    this.failure = failure;
  }
}

/**
 * Renders an exported SVG (self-contained, so the browser draws it as an image without
 * tainting the canvas) to PNG bytes at `scale` times its size. App layer (canvas).
 */
export async function renderSvgToPng(
  svgText: string,
  widthPx: number,
  heightPx: number,
  scale = 2,
): Promise<Uint8Array> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  try {
    await image.decode();
  } catch (error) {
    throw new PngRenderError('decode', error instanceof Error ? error.message : String(error));
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(widthPx * scale);
  canvas.height = Math.round(heightPx * scale);
  const context = canvas.getContext('2d');
  if (context === null) throw new PngRenderError('noCanvas', 'the browser has no 2D canvas');
  context.scale(scale, scale);
  context.drawImage(image, 0, 0, widthPx, heightPx);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (blob === null) throw new PngRenderError('encode', 'the browser could not encode the picture');
  return new Uint8Array(await blob.arrayBuffer());
}
