/**
 * For the tests of a server the lab starts (Redis, etcd): starts one in a Node process that
 * ends without stopping it (it exits, or a signal nobody handles ends it), and says what was
 * left afterwards in that process's own temp folder and which processes it marked still run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ourTempEntries, processesMarked, runMarker } from '../../scripts/leftovers';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');

/** `start` is an import and a call that leaves a server in `server`, e.g. `import { startEtcdServer } from './src/lab/etcdServer.ts'; const server = await startEtcdServer();`. */
export function startAndLeave(start: string, how: 'exit' | 'SIGTERM') {
  const ownTmp = mkdtempSync(join(tmpdir(), 'leaseline-leave-'));
  const marker = runMarker(how);
  const end = how === 'exit' ? 'process.exit(3);' : "process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 5000);";
  const script = `${start}
console.log(server.folder);
${end}`;
  try {
    const run = spawnSync(process.execPath, ['--import', TSX, '--input-type=module', '-e', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TMPDIR: ownTmp, [marker.name]: marker.value },
    });
    return { run, left: ourTempEntries(ownTmp), running: processesMarked(marker) };
  } finally {
    rmSync(ownTmp, { recursive: true, force: true });
  }
}
