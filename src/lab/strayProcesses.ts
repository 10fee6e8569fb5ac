/**
 * The processes a graded worker left behind: killing a worker's process group misses one that
 * started a session of its own (`setsid`, a daemon). Every process whose environment carries
 * the folder's marker, or whose working folder is inside it, is killed. Linux's /proc; where
 * there is none, nothing is found.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

/** The pids, other than ours, started from `root` (marked `variable=root`) or working inside it. */
export function processesOf(root: string, variable: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const marker = `${variable}=${root}\u0000`;
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    if (workingInside(pid, root) || carriesMarker(pid, marker)) found.push(pid);
  }
  return found;
}

function workingInside(pid: number, root: string): boolean {
  try {
    const cwd = readlinkSync(`/proc/${pid}/cwd`);
    return cwd === root || cwd.startsWith(root + sep);
  } catch {
    return false;
  }
}

function carriesMarker(pid: number, marker: string): boolean {
  try {
    return `${readFileSync(`/proc/${pid}/environ`, 'latin1')}\u0000`.includes(marker);
  } catch {
    return false;
  }
}

/** SIGKILL to each (a stopped one dies too), then waits until /proc no longer shows them, up to 2 s. */
export async function killProcessesOf(root: string, variable: string): Promise<number> {
  const pids = processesOf(root, variable);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  for (let tries = 0; tries < 40 && processesOf(root, variable).length > 0; tries += 1)
    await new Promise((done) => setTimeout(done, 50));
  return pids.length;
}
