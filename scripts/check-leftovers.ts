/**
 * `npm test`'s last check: `tsx scripts/check-leftovers.ts FOLDER NAME=VALUE`. Every suite ran
 * with FOLDER as its temporary folder (TMPDIR) and NAME=VALUE in its environment; exits 1,
 * naming them, when FOLDER still holds a file or folder of ours or a process that a suite
 * started (PostgreSQL, a lab worker, a server) is still running.
 */
import { ourTempEntries, processesMarked } from './leftovers';

const [folder, markerArg] = process.argv.slice(2);
const [name, value] = (markerArg ?? '').split('=', 2);
if (folder === undefined || name === undefined || value === undefined || name === '' || value === '') {
  console.error('usage: tsx scripts/check-leftovers.ts FOLDER NAME=VALUE');
  process.exit(2);
}
const files = ourTempEntries(folder);
const processes = processesMarked({ name, value });
for (const file of files) console.error(`left in the temporary folder: ${file}`);
for (const running of processes) console.error(`left running: ${running}`);
console.log(
  files.length + processes.length === 0
    ? 'nothing left in the temporary folder, nothing left running'
    : `${files.length} file(s) or folder(s) and ${processes.length} process(es) left behind`,
);
process.exitCode = files.length + processes.length === 0 ? 0 : 1;
