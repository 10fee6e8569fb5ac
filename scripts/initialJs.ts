/**
 * What a built page loads first, and what it is made of. The first load is the module entry
 * index.html names and the chunks it preloads (`<link rel="modulepreload">`); chunks behind a
 * dynamic `import()` come later and are not counted. Used by `scripts/bench-bytes.ts` for
 * `initialJsGzipBytes` and by `scripts/bundle-report.ts` for the per-module breakdown.
 *
 * The app's entry (src/app/boot.ts) loads the app itself with one dynamic `import()` after
 * the first paint; what that brings (the chunks the bundler lists for it in the entry's
 * `__vite__mapDeps`) is the page's take-over load, `takeOverJsGzipBytes`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript files (relative to `dir`) that the built index.html loads first. */
export function initialJsFiles(dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((match) => match[1] as string);
}

/**
 * The JavaScript files the page loads to take the first screen over: the first load and the
 * chunks its entry's dynamic imports bring (the entry chunk lists them in `__vite__mapDeps`:
 * every chunk once, then each `import()` names its own by index).
 */
export function takeOverJsFiles(dir: string): string[] {
  const first = initialJsFiles(dir);
  const entryFile = first.find((file) => /(^|\/)index-[^/]*\.js$/.test(file));
  if (entryFile === undefined) throw new Error(`${dir}/index.html loads no index-*.js entry`);
  const entry = readFileSync(join(dir, entryFile), 'utf8');
  const chunks = [...(/m\.f=\[([^\]]*)\]/.exec(entry)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
  const used = [...entry.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].flatMap((m) => (m[1] as string).split(','));
  const later = used.map((index) => chunks[Number(index)] ?? '').filter((file) => file.endsWith('.js'));
  return [...new Set([...first, ...later])];
}

/** Gzip (level 9) size in bytes of one file's contents. */
export function gzipBytes(contents: Uint8Array | string): number {
  return gzipSync(contents, { level: 9 }).length;
}

/** Gzip size of the scripts the page loads first (its module entry and preloads), each gzipped alone. */
export function initialJsGzipBytes(dir: string): number {
  return gzipTotal(dir, initialJsFiles(dir));
}

/** Gzip size of the scripts the page runs to take the first screen over, each gzipped alone. */
export function takeOverJsGzipBytes(dir: string): number {
  return gzipTotal(dir, takeOverJsFiles(dir));
}

function gzipTotal(dir: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + gzipBytes(readFileSync(join(dir, file))), 0);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one line of a source map's `mappings` into segments' [generated column, source index]. */
function decodeLine(line: string, state: { source: number }): Array<[number, number]> {
  const segments: Array<[number, number]> = [];
  let column = 0;
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    column += fields[0] ?? 0;
    if (fields.length >= 4) {
      state.source += fields[1] ?? 0;
      segments.push([column, state.source]);
    } else {
      segments.push([column, -1]);
    }
  }
  return segments;
}

/**
 * Splits a built chunk's code by the source each span came from (through its `.map`): the
 * text from one mapping segment to the next belongs to that segment's source; text with
 * no source is `(unmapped)`: JSON modules (the English text, the presets) and the bundler's runtime
 * carry no mappings. Returns the text per source path.
 */
export function codeBySource(dir: string, file: string): Map<string, string> {
  const code = readFileSync(join(dir, file), 'utf8');
  // A chunk of the bundler's own (its runtime) may come without a map: all of it is glue.
  if (!existsSync(join(dir, `${file}.map`))) return new Map([['(unmapped)', code]]);
  const map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const parts = new Map<string, string[]>();
  const add = (source: string, text: string) => {
    if (text === '') return;
    const list = parts.get(source) ?? [];
    list.push(text);
    parts.set(source, list);
  };
  const state = { source: 0 };
  map.mappings.split(';').forEach((mappingLine, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    const segments = decodeLine(mappingLine, state);
    add('(unmapped)', text.slice(0, segments[0]?.[0] ?? text.length));
    segments.forEach(([column, source], index) => {
      const end = segments[index + 1]?.[0] ?? text.length;
      add(source < 0 ? '(unmapped)' : (map.sources[source] ?? '(unmapped)'), text.slice(column, end));
    });
  });
  return new Map([...parts].map(([source, texts]) => [source, texts.join('')]));
}
