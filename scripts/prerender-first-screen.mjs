// Build time, in a process of its own: renders the app's first screen for each reference window
// and language (src/prerender/renderFirstScreen.tsx, src/prerender/referenceLayout.ts) and
// writes them to stdout as JSON, then exits. The app's modules are loaded through a Vite
// server of their own (TSX, JSON and CSS imports as the build reads them; no browser), with a
// happy-dom window of the reference size installed as the globals. A process of its own because those globals
// must stay while React may still have work scheduled after the render, and must never leak
// into the build's process (a package that sees `window` thinks it runs in a browser); exiting
// ends whatever is left. Started by scripts/prerenderFirstScreen.ts with the project folder as
// its working folder.
//
// Plain JavaScript on purpose: node runs it as it is.
import { Window } from 'happy-dom';
import { createServer } from 'vite';

/** What a browser page has and Node does not: the DOM's globals, from `view`. */
function installGlobals(view) {
  const names = new Set([...Object.getOwnPropertyNames(view), 'window', 'document', 'navigator']);
  for (const name of names) {
    // Node's own (timers, URL, fetch, performance, crypto...) stay: only the DOM's come in.
    if (name in globalThis && name !== 'window' && name !== 'document' && name !== 'navigator') continue;
    const value = name === 'window' ? view : view[name];
    Object.defineProperty(globalThis, name, { configurable: true, writable: true, value });
  }
}

const server = await createServer({
  root: process.cwd(),
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { REFERENCE_LAYOUTS } = await server.ssrLoadModule('/src/prerender/referenceLayout.ts');
const screens = [];
for (const layout of REFERENCE_LAYOUTS) {
  const view = new Window({ url: 'http://localhost/', width: layout.windowWidthPx, height: layout.windowHeightPx });
  installGlobals(view);
  // Loaded with the first window's globals in place (react-dom reads them as it loads).
  const { renderFirstScreen } = await server.ssrLoadModule('/src/prerender/renderFirstScreen.tsx');
  screens.push(await renderFirstScreen(view, layout));
}
process.stdout.write(JSON.stringify(screens), () => process.exit(0));
