/** Entry point of the `leaseline` command (built to dist-cli/leaseline.mjs; `npm run leaseline` from source): wires the real terminal, engine and presets to runCli. */
import { availableParallelism } from 'node:os';
import { PRESETS } from '../presets/catalogue';
import { nodeIo } from './nodeIo';
import { packageVersion } from './packageVersion';
import { runCli } from './runCli';
import { simulatorEngine } from './simulatorEngine';
import { terminalStatusLine } from './statusLine';

const args = process.argv.slice(2);
const wantsHelp = args.includes('--help') || args.includes('-h');
/** The `grade` exercises that run real processes (gradeAsyncCommand.ts); listed here so pg loads only for them. */
const ASYNC_GRADED = ['ex04', 'lab', 'module'];
// exitCode rather than exit(): let buffered output to a pipe drain before Node leaves.
if (args[0] === 'lab' && !args.includes('--help') && !args.includes('-h')) {
  // The lab runs real processes and a real database, so it is the one asynchronous command.
  // It exits explicitly, with the verdict's status, whatever handle may still be open
  // (stdout and stderr are synchronous on pipes and files). Imported only here: its database
  // and Redis clients (pg, redis) would double the start-up of every other command.
  import('./labCommand')
    .then(({ runLabCommand }) => runLabCommand(args.slice(1)))
    .then((status) => process.exit(status));
} else if (args[0] === 'grade' && ASYNC_GRADED.some((id) => id === args[1]?.toLowerCase()) && !wantsHelp) {
  // EX04 and LAB1 (alone or in the module report) run on a real PostgreSQL: asynchronous and imported only then, as the lab is.
  import('./gradeAsyncCommand')
    .then(({ runGradeAsync }) => runGradeAsync([String(args[1]).toLowerCase(), ...args.slice(2)]))
    .then((status) => process.exit(status));
} else {
  process.exitCode = runCli(args, {
    io: nodeIo,
    engine: simulatorEngine,
    presets: PRESETS,
    version: packageVersion(),
    cores: availableParallelism(),
    clockMs: () => performance.now(),
    ...(process.stderr.isTTY === true ? { statusLine: terminalStatusLine(process.stderr) } : {}),
  });
}
