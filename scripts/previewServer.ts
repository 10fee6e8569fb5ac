/**
 * A built app served by `vite preview` for the browser benchmarks, started from
 * node_modules/.bin so that killing it stops the real server (docs/toolchain.md trap 5).
 */
import { execFileSync, spawn } from 'node:child_process';

export const VITE = 'node_modules/.bin/vite';

/** Builds the app into `dir` (emptied first), as `vite build` does for `npm start`. */
export function buildApp(dir: string): void {
  execFileSync(VITE, ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
}

/** Where the benchmarks build the app and the empty Vite + React page it is measured against. */
export const APP_DIR = '.tmp/bench-app';
export const BASELINE_DIR = '.tmp/bench-baseline';

/** Builds the app into APP_DIR and the empty page (bench/baseline) into BASELINE_DIR. */
export function buildAppAndBaseline(): void {
  buildApp(APP_DIR);
  execFileSync(
    VITE,
    ['build', 'bench/baseline', '--outDir', `../../${BASELINE_DIR}`, '--emptyOutDir', '--logLevel', 'error'],
    { stdio: 'inherit' },
  );
}

/** Serves the build in `dir` on `port`; the caller kills the returned process. */
export function serve(dir: string, port: number) {
  return spawn(VITE, ['preview', '--outDir', dir, '--port', String(port), '--strictPort'], { stdio: 'ignore' });
}

/** Resolves once `url` answers, polling every 100 ms for at most 10 s. */
export async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not start`);
}
