/**
 * Build time: the app's first screen for each reference window and language, rendered by
 * scripts/prerender-first-screen.mjs in a Node process of its own (the DOM's globals it
 * installs, and anything React still has scheduled, end with it). Deterministic: the
 * flagship's night is simulated, nothing reads the clock into the markup.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RenderedFirstScreen } from '../src/prerender/renderFirstScreen.ts';

const CHILD = fileURLToPath(new URL('./prerender-first-screen.mjs', import.meta.url));

/** The first screens, rendered from the sources under `root` (the project folder). */
export function prerenderFirstScreen(root: string): Promise<RenderedFirstScreen[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CHILD],
      { cwd: root, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the first screen could not be rendered: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as RenderedFirstScreen[]);
      },
    );
  });
}
