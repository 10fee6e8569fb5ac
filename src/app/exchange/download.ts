/** Hands `data` to the browser as a download called `fileName`. App layer (DOM). */
export function download(fileName: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium starts reading the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a scenario title: "EX03: the timeline…" -> "ex03-the-timeline…". Pure. */
export function fileStem(title: string | undefined, fallback = 'leaseline-scenario'): string {
  const stem = (title ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem === '' ? fallback : stem;
}
