/**
 * The Vite plugin that writes the prerendered first screen into the built index.html
 * (src/prerender/, docs/performance.md "The first screen before the scripts"): it renders the
 * flagship's page once per build (prerenderFirstScreen.ts: each reference window, each
 * language), emits the head script that picks the night or the skeleton as a file of the
 * build, named by its content, and writes both into index.html. The script names the Arabic
 * chunk's font stylesheet and files, which only the bundle knows: it is written in
 * generateBundle (run first), and index.html, written after it, takes its name from there.
 * embed.html is left alone. Build only: `npm run dev` serves the bare page.
 */
import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';
import { withFirstScreen } from '../src/prerender/firstScreenHtml.ts';
import { firstScreenScript } from '../src/prerender/firstScreenScript.ts';
import type { RenderedFirstScreen } from '../src/prerender/renderFirstScreen.ts';
import { prerenderFirstScreen } from './prerenderFirstScreen.ts';

/** The module whose chunk brings the Arabic text and its font (src/app/i18n/arabicResources.ts). */
const ARABIC_MODULE = '/src/app/i18n/arabicResources.ts';

export function firstScreenPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  let rendered: Promise<RenderedFirstScreen[]> | null = null;
  let scriptPath: string | null = null;
  return {
    name: 'leaseline-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    buildStart() {
      // Started with the build, so the render runs while the bundler works.
      rendered = prerenderFirstScreen(root);
      // Awaited in generateBundle; a failure there fails the build.
      rendered.catch(() => {});
    },
    generateBundle: {
      order: 'pre',
      async handler(_options, bundle) {
        if (rendered === null) return;
        const first = firstOf(await rendered);
        const script = firstScreenScript({ ...first.scriptKeys, arabicFont: arabicFont(bundle, base) });
        const fileName = `assets/first-screen-${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
        this.emitFile({ type: 'asset', fileName, source: script });
        scriptPath = `${base}${fileName}`;
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.filename.endsWith('index.html') || rendered === null) return html;
        if (scriptPath === null) throw new Error('index.html was written before the first screen script');
        const screens = await rendered;
        const nights = screens.map((screen) => ({
          layout: screen.layout.name,
          language: screen.layout.language,
          direction: screen.direction,
          html: screen.nightHtml,
        }));
        // The status's text in each language rendered (the same in both of a language's windows).
        const starting = [...new Map(screens.map((screen) => [screen.layout.language, screen])).values()].map(
          (screen) => ({ language: screen.layout.language, direction: screen.direction, text: screen.startingText }),
        );
        return withFirstScreen(html, { nights, brand: firstOf(screens).brand, scriptPath, starting });
      },
    },
  };
}

/** The Arabic chunk's stylesheet and the woff2 files it names, as built addresses. */
function arabicFont(bundle: Rolldown.OutputBundle, base: string): { stylesheet: string; files: string[] } {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(ARABIC_MODULE),
  );
  const css = chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  const sheet = css[0] === undefined ? undefined : bundle[css[0]];
  if (css.length !== 1 || sheet?.type !== 'asset') throw new Error(`no single stylesheet for ${ARABIC_MODULE}`);
  const files = [...String(sheet.source).matchAll(/url\(([^)]+\.woff2)\)/g)].map((match) => match[1] as string);
  if (files.length === 0) throw new Error(`the stylesheet of ${ARABIC_MODULE} names no woff2 font`);
  return { stylesheet: `${base}${sheet.fileName}`, files };
}

function firstOf(screens: readonly RenderedFirstScreen[]): RenderedFirstScreen {
  const first = screens[0];
  if (first === undefined) throw new Error('no first screen was rendered');
  return first;
}
