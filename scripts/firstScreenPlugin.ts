/**
 * The Vite plugin that writes the prerendered first screen into the built index.html
 * (src/prerender/, docs/performance.md "The first screen before the scripts"): it renders the
 * flagship's page once per build (prerenderFirstScreen.ts), emits the head script that picks
 * the night or the skeleton as a file of the build, named by its content, and writes both into
 * index.html. embed.html is left alone. Build only: `npm run dev` serves the bare page.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { withFirstScreen } from '../src/prerender/firstScreenHtml.ts';
import type { RenderedFirstScreen } from '../src/prerender/renderFirstScreen.ts';
import { prerenderFirstScreen } from './prerenderFirstScreen.ts';

export function firstScreenPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  let rendered: Promise<RenderedFirstScreen[]> | null = null;
  const scriptFile = (script: string) =>
    `assets/first-screen-${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js`;
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
      // Awaited in transformIndexHtml; a failure there fails the build.
      rendered.catch(() => {});
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.filename.endsWith('index.html') || rendered === null) return html;
        const screens = await rendered;
        const first = firstOf(screens);
        const nights = screens.map((screen) => ({ name: screen.layout.name, html: screen.nightHtml }));
        // The same name generateBundle emits the script under.
        const scriptPath = `${base}${scriptFile(first.script)}`;
        return withFirstScreen(html, { nights, brand: first.brand, scriptPath });
      },
    },
    async generateBundle() {
      if (rendered === null) return;
      const first = firstOf(await rendered);
      this.emitFile({ type: 'asset', fileName: scriptFile(first.script), source: first.script });
    },
  };
}

function firstOf(screens: readonly RenderedFirstScreen[]): RenderedFirstScreen {
  const first = screens[0];
  if (first === undefined) throw new Error('no first screen was rendered');
  return first;
}
