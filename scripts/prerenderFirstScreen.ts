/**
 * Build time: renders the app's first screen (src/prerender/renderFirstScreen.tsx) in Node.
 * The app's modules are loaded through a Vite server of their own (TSX, JSON and CSS imports
 * as the build reads them; no browser), with a happy-dom window of the reference size as the
 * globals while they load and render; the globals are taken away again after. Deterministic:
 * the flagship's night is simulated, nothing reads the clock into the markup.
 */
import { Window } from 'happy-dom';
import { createServer, type ViteDevServer } from 'vite';
import { REFERENCE_LAYOUTS, type ReferenceLayout } from '../src/prerender/referenceLayout.ts';
import type { RenderedFirstScreen } from '../src/prerender/renderFirstScreen.ts';

/** What a browser page has and Node does not: installed on globalThis while rendering. */
function installGlobals(view: Window): () => void {
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const names = new Set([...Object.getOwnPropertyNames(view), 'window', 'document', 'navigator']);
  for (const name of names) {
    // Node's own (timers, URL, fetch, performance, crypto...) stay: only the DOM's come in.
    if (name in globalThis && name !== 'window' && name !== 'document' && name !== 'navigator') continue;
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    const value = name === 'window' ? view : (view as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value });
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
}

type RenderModule = {
  renderFirstScreen: (window: Window, layout: ReferenceLayout) => Promise<RenderedFirstScreen>;
};

/**
 * The first screen's markup for each reference window (referenceLayout.ts), rendered from the
 * sources under `root` (the project folder), one window after the other.
 */
export async function prerenderFirstScreen(root: string): Promise<RenderedFirstScreen[]> {
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const rendered: RenderedFirstScreen[] = [];
    for (const layout of REFERENCE_LAYOUTS) rendered.push(await renderIn(server, layout));
    return rendered;
  } finally {
    await server.close();
  }
}

/** One window: its globals installed while the app's modules load and render. */
async function renderIn(server: ViteDevServer, layout: ReferenceLayout): Promise<RenderedFirstScreen> {
  const view = new Window({ url: 'http://localhost/', width: layout.windowWidthPx, height: layout.windowHeightPx });
  const removeGlobals = installGlobals(view);
  try {
    const module = (await server.ssrLoadModule('/src/prerender/renderFirstScreen.tsx')) as RenderModule;
    return await module.renderFirstScreen(view, layout);
  } finally {
    removeGlobals();
    await view.happyDOM.close();
  }
}
